// EXPECT-EXIT: 1
// EXPECT-DIAG: 11:29: the construction of 'Spring' yet: its member 'k' is const
// EXPECT-NOTE: 9:30: make the member non-const
// Case: a class with a const member built by its constructor: generated
// code declares the object and then sets its members, which a const
// member does not allow (the output did not compile); refused where the
// object is built.
#include <ddx/ddx.hpp>
struct Spring { const double k; double x; Spring(double k0, double x0) : k(k0), x(x0) {} };

double f(double a) { Spring s(a, 2 * a); return s.k * s.x; }

int main() {
  auto [y, d] = ddx::gradient(f, ddx::active(1.5));
  return y + d > 0 ? 0 : 1;
}
