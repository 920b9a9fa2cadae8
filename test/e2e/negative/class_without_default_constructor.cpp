// EXPECT-EXIT: 1
// EXPECT-DIAG: 11:24: a variable of type 'M' yet: generated code declares every variable before it sets it
// EXPECT-NOTE: 11:24: give the class a default constructor, such as 'M() = default;'
// Case: a class holding a std::vector whose constructors all take
// arguments: generated code declares locals before building them, and
// cannot make such an object from zero bytes. Refused at the variable
// (the output did not compile before).
#include <ddx/ddx.hpp>
#include <vector>
struct M { std::vector<double> w; double s; M(double a, int n) : w(n, a), s(a) {} };
double f(double a) { M m(2.0, 3); return m.w[1] * m.s * a; }
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); return y + d > 0; }
