// Case: std::sqrt, std::cbrt and compositions of <cmath> functions (chain rule)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  double a = std::exp(std::sin(std::sqrt(x)));
  double b = std::log(std::cosh(x * y)) + std::cbrt(x + y * y);
  double c = std::sqrt(std::exp(-y) + std::cbrt(std::tanh(x)));
  return a * b + c;
}

int main() {
  const double x = 0.8, y = 1.2;
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
  return check::finish();
}
