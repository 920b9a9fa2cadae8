// EXPECT-EXIT: 1
// EXPECT-DIAG: 9:24: this array of 'R' yet: its elements are built by the default constructor
// Case: an array of a class whose default constructor the user wrote,
// with no brace list: lowering builds arrays element by element and has no
// constructor call to run for each, so it refuses (zeros would be a
// silent wrong value) and says how to write it.
#include <ddx/ddx.hpp>
struct R { double a[2]; R() : a{1.0, 2.0} {} };
double f(double x) { R rs[3]; rs[1].a[0] *= x; return rs[1].a[0] * rs[2].a[1]; }
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); return y + d > 0; }
