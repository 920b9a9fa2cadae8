// Case: std::fabs, std::fmin, std::fmax on both sides of their kinks (two points)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  return 2.0 * std::fabs(x - y) + std::fmin(x, y * y) + std::fmax(x * y, 0.25) +
         std::fabs(-x) * std::fmax(y, 0.1 * x);
}

void run(double x, double y) {
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
}

int main() {
  run(1.3, 0.4);  // x > y, fmin -> y*y, fmax -> x*y
  run(0.3, 0.6);  // x < y, fmin -> x, fmax -> 0.25
  return check::finish();
}
