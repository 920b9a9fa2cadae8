// Case: if/else with blocks and an if without braces or else, three points covering all branches
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  double r;
  if (x > y) {
    r = x * x - y;
  } else {
    r = std::sin(x) * y;
  }
  if (r < 0.0)
    r = -r;
  if (x * y > 1.0) {
    double t = r * y;
    r = t + x;
  }
  return r + x;
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
  run(1.5, 0.5);   // x > y, r > 0, x*y <= 1
  run(0.3, 1.0);   // x <= y, r > 0
  run(-0.5, 1.0);  // x <= y, r < 0
  run(1.8, 1.2);   // x > y, x*y > 1
  return check::finish();
}
