// Case: local variables reassigned several times, parameters reassigned
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  double a = x * y;
  double b = a + x;
  a = std::sin(b);  // a overwritten using b
  b = a * b;        // b overwritten using its old value
  double c = b;
  c = c * c + a;
  a = c - x;
  x = x * a;        // parameter overwritten
  y = std::exp(-y) + x;
  return a * y + x;
}

int main() {
  const double x = 0.7, y = 0.5;
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
