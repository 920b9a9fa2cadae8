// EXPECT-EXIT: 1
// EXPECT-DIAG: 8:40: the constructor of 'D' yet: it initialises a base class
// EXPECT-NOTE: 9:24: while differentiating 'D', called here with active arguments
// Case: a constructor that builds a base class (`: B(v * 2)`): ddx does
// not differentiate base classes yet, and says so at the initialiser.
#include <ddx/ddx.hpp>
struct B { double b; B(double v) : b(v) {} };
struct D : B { double d; D(double v) : B(v * 2), d(v) {} };
double f(double x) { D p(x); return p.b * p.d; }
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); return y + d > 0; }
