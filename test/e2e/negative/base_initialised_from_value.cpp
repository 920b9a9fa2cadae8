// EXPECT-EXIT: 1
// EXPECT-DIAG: 11:5: ddx cannot differentiate the initialisation of 'D' yet: its base 'B' is built from a value
// Case: an aggregate whose base is given as a whole object ({b, x}):
// ddx builds a base member by member, from braces or the compiler's
// default constructor, and refuses a base copied from a value.
#include <ddx/ddx.hpp>
struct B { double b; };
struct D : B { double d; };
double f(double x) {
  B b{x};
  D p{b, x};
  return p.b * p.d;
}
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); return y + d > 0; }
