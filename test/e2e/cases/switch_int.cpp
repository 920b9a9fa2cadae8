// Case: switch on an int argument: break in each case, fallthrough of an empty case label, default
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y, int mode) {
  double r = x;
  switch (mode) {
  case 0:
    r = x * y;
    break;
  case 1:
    r = std::sin(x) + y;
    break;
  case 2:
  case 3:
    r = x / y;
    r *= r;
    break;
  default:
    r = x - y * y;
    break;
  }
  return r + 0.5 * x;
}

void run(double x, double y, int mode) {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y), mode);
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y, mode);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0), mode);
  check::near("value", v, f(x, y, mode));
  check::near("value fwd x", v1, f(x, y, mode));
  check::near("value fwd y", v2, f(x, y, mode));
  check::fd("df/dx", dx, [&](double h) { return f(x + h, y, mode); });
  check::fd("df/dy", dy, [&](double h) { return f(x, y + h, mode); });
  check::near("fwd vs rev x", tx, dx, 1e-10);
  check::near("fwd vs rev y", ty, dy, 1e-10);
}

int main() {
  for (int mode = 0; mode < 5; ++mode)
    run(0.9, 1.3, mode);
  run(0.9, 1.3, -7);
  return check::finish();
}
