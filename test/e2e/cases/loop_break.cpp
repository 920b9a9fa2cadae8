// Case: break out of for and while(true) loops (condition on an active value, and on an int)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  double s = 0.0;
  for (int i = 0; i < 100; ++i) {
    s += x * y + i * 0.1;
    if (s > 5.0)
      break;
  }
  return s * x;
}

double g(double x, int n) {
  double p = 1.0;
  int i = 0;
  while (true) {
    if (i == n)
      break;
    p *= x + i;
    ++i;
  }
  return p;
}

int main() {
  const double x = 0.7, y = 0.9;
  const int n = 4;
  {
    auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
    check::near("f value", v, f(x, y));
    check::near("f value fwd", v1, f(x, y));
    check::near("f value fwd y", v2, f(x, y));
    check::fd("df/dx", dx, [&](double h) { return f(x + h, y); });
    check::fd("df/dy", dy, [&](double h) { return f(x, y + h); });
    check::near("f fwd vs rev x", tx, dx, 1e-10);
    check::near("f fwd vs rev y", ty, dy, 1e-10);
  }
  {
    auto [v, dx] = ddx::gradient(g, ddx::active(x), n);
    auto [v1, tx] = ddx::derivative(g, ddx::dual(x, 1.0), n);
    check::near("g value", v, g(x, n));
    check::near("g value fwd", v1, g(x, n));
    check::fd("dg/dx", dx, [&](double h) { return g(x + h, n); });
    check::near("g fwd vs rev x", tx, dx, 1e-10);
  }
  return check::finish();
}
