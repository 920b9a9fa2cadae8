// Case: std::max and std::min of doubles (rules, not their library bodies), both modes
#include <ddx/ddx.hpp>
#include <algorithm>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  double hi = std::max(x * y, std::sin(x));
  double lo = std::min(hi, y * y + 0.1);
  return hi * lo + std::max(0.0, x - y);
}

int main() {
  const double x = 1.1, y = 0.8;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::near("value", v, f(x, y));
  check::near("value fwd", v1, f(x, y));
  check::fd("df/dx", dx, [&](double h) { return f(x + h, y); });
  check::fd("df/dy", dy, [&](double h) { return f(x, y + h); });
  check::near("fwd vs rev x", tx, dx, 1e-12);
  check::near("fwd vs rev y", ty, dy, 1e-12);
  return check::finish();
}
