// Case: the same callee called several times with different active/constant arguments
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double g(double a, double b) { return a * std::exp(-b) + b * b; }

double f(double x, double y) {
  return g(x, y) + g(y, x) + g(x, 2.0) + g(3.0, y) + g(x * y, x + y) + g(1.0, 0.5);
}

int main() {
  const double x = 0.6, y = 1.1;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::near("value", v, f(x, y));
  check::near("value fwd x", v1, f(x, y));
  check::near("value fwd y", v2, f(x, y));
  check::fd("df/dx", dx, [&](double h) { return f(x + h, y); });
  check::fd("df/dy", dy, [&](double h) { return f(x, y + h); });
  check::near("fwd vs rev x", tx, dx, 1e-10);
  check::near("fwd vs rev y", ty, dy, 1e-10);
  // The callee itself as a target, one active argument each.
  auto [w, ga] = ddx::gradient(g, ddx::active(x), y);
  auto [w2, gb] = ddx::gradient(g, x, ddx::active(y));
  check::near("g value", w, g(x, y));
  check::near("g value 2", w2, g(x, y));
  check::fd("dg/da", ga, [&](double h) { return g(x + h, y); });
  check::fd("dg/db", gb, [&](double h) { return g(x, y + h); });
  return check::finish();
}
