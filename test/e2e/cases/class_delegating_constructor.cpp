// Case: a constructor delegating to another of its class
// (`V(double a) : V(a, a * a) { y += 1; }`), called directly and through a
// functional cast (`V w = V(2 * a);`, whose tangent was lost before).
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"
struct V { double x, y; V(double a) : V(a, a * a) { y += 1; } V(double a, double b) : x(a), y(std::sin(b)) {} };
double f(double a) { V v(a); V w = V(2 * a); return v.x * v.y + w.y; }
int main() {
  const double a = 0.7;
  auto [y, da] = ddx::gradient(f, ddx::active(a));
  auto [y1, ta] = ddx::derivative(f, ddx::dual(a, 1.0));
  check::fd("d/da", da, [&](double h) { return f(a + h); });
  check::fd("d/da fwd", ta, [&](double h) { return f(a + h); });
  return check::finish();
}
