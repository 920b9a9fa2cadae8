// EXPECT-EXIT: 1
// EXPECT-DIAG: 10:5: ddx cannot differentiate values of the class 'D' yet: it has a virtual, private or protected base
// EXPECT-NOTE: 10:5: use a struct with public members
// Case: a class with a virtual base: its members sit where only the
// object's own class knows, and ddx refuses to build it.
#include <ddx/ddx.hpp>
struct B { double b = 0; };
struct D : virtual B { double d = 0; };
double f(double x) {
  D p;
  p.d = x;
  p.b = x * x;
  return p.b * p.d;
}
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); return y + d > 0; }
