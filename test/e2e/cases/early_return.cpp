// Case: early returns and multiple return statements (before, inside and after a loop)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  if (x < 0.0)
    return -x * y;
  double t = x * y;
  if (t > 2.0) {
    return std::log(t);
  }
  for (int i = 0; i < 5; ++i) {
    t = t * 1.1 + x;
    if (t > 3.0)
      return t * y;
  }
  return t;
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
  run(-0.5, 1.2);  // first return
  run(2.0, 1.5);   // second return
  run(0.5, 0.8);   // return inside the loop
  run(0.1, 0.5);   // final return
  return check::finish();
}
