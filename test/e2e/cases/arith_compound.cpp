// Case: compound assignment += -= *= /= on a local, including s *= s and s += s
#include <ddx/ddx.hpp>
#include "check.hpp"

double f(double x, double y) {
  double s = x;
  s += y * y;
  s -= 0.5 * x;
  s *= x + y;
  s /= 1.0 + y;
  s += s;
  s *= s;
  s -= y;
  s /= x;
  return s;
}

int main() {
  const double x = 0.8, y = 0.6;
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
