// Case: a class holding a std::vector member, built by its constructor
// (`w(n, a)`) and changed in the constructor's body; it has a defaulted
// default constructor, so generated code can declare it before building.
#include <ddx/ddx.hpp>
#include <vector>
#include "check.hpp"
struct M { std::vector<double> w; double s; M() = default; M(double a, int n) : w(n, a), s(a) { w[0] = s * s; } };
double f(double a) { M m(a, 3); return m.w[1] * m.s + m.w[0]; }
int main() {
  const double a = 0.7;
  auto [y, da] = ddx::gradient(f, ddx::active(a));
  auto [y1, ta] = ddx::derivative(f, ddx::dual(a, 1.0));
  check::fd("d/da", da, [&](double h) { return f(a + h); });
  check::fd("d/da fwd", ta, [&](double h) { return f(a + h); });
  return check::finish();
}
