// Case: calls to user functions several levels deep, a helper used at several levels
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double sq(double t) { return t * t; }

double inner(double x, double y) { return sq(x) * y + std::sin(y); }

double middle(double x, double y) {
  double a = inner(x, y);
  return a + inner(y, 0.5 * x);
}

double outer(double x, double y) { return std::exp(0.1 * middle(x, y)) + sq(x - y); }

int main() {
  const double x = 0.9, y = 0.4;
  auto [v, dx, dy] = ddx::gradient(outer, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(outer, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(outer, x, ddx::dual(y, 1.0));
  check::near("value", v, outer(x, y));
  check::near("value fwd x", v1, outer(x, y));
  check::near("value fwd y", v2, outer(x, y));
  check::fd("df/dx", dx, [&](double h) { return outer(x + h, y); });
  check::fd("df/dy", dy, [&](double h) { return outer(x, y + h); });
  check::near("fwd vs rev x", tx, dx, 1e-10);
  check::near("fwd vs rev y", ty, dy, 1e-10);
  return check::finish();
}
