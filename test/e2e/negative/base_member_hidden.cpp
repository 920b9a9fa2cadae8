// EXPECT-EXIT: 1
// EXPECT-DIAG: 11:5: a member of its own hides the member 'v' of its base 'B'
// EXPECT-NOTE: 11:5: give the members different names
// Case: a derived aggregate with a member of the same name as its base's:
// ddx names a base's members through the derived object (`p.v`), which
// would reach the other one, so it refuses.
#include <ddx/ddx.hpp>
struct B { double v; };
struct D : B { double v; };
double f(double x) {
  D p{{x}, 2 * x};
  return p.v * p.B::v;
}
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); return y + d > 0; }
