// Case: while loops (counter-driven, and a condition on an inactive computed value)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  double s = 0.0, term = 1.0;
  int i = 0;
  while (i < 8) {
    term *= x / (i + 1);
    s += term * y;
    ++i;
  }
  double g = 1.0;
  while (g < 20.0) {  // g does not depend on x or y
    s = s * 0.9 + g * x;
    g *= 3.0;
  }
  return s;
}

int main() {
  const double x = 0.9, y = 1.4;
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
