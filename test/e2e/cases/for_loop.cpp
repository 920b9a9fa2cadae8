// Case: for loops (counting up and down, body without braces, loop variable used as a double)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  double s = 0.0;
  for (int i = 1; i <= 5; ++i) {
    s += std::pow(x, i) / i * y;
  }
  double p = 1.0;
  for (int i = 4; i > 0; i--)
    p *= 1.0 + x / (i + y);
  for (double t = 0.0; t < 1.0; t += 0.25)
    s += t * x * y;
  return s + p;
}

int main() {
  const double x = 0.7, y = 1.2;
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
