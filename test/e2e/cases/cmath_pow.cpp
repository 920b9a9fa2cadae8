// Case: std::pow with double exponent, int literal exponent, int argument exponent, active base and exponent
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y, int n) {
  return std::pow(x, y) + std::pow(x, 2.5) + std::pow(y, 3) + std::pow(2.0, x) +
         std::pow(x * y, n) + std::pow(y, -2) + std::pow(x + 1.0, -0.5 * y);
}

int main() {
  const double x = 1.2, y = 0.8;
  const int n = 4;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y), n);
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y, n);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0), n);
  check::near("value", v, f(x, y, n));
  check::near("value fwd x", v1, f(x, y, n));
  check::near("value fwd y", v2, f(x, y, n));
  check::fd("df/dx", dx, [&](double h) { return f(x + h, y, n); });
  check::fd("df/dy", dy, [&](double h) { return f(x, y + h, n); });
  check::near("fwd vs rev x", tx, dx, 1e-10);
  check::near("fwd vs rev y", ty, dy, 1e-10);
  return check::finish();
}
