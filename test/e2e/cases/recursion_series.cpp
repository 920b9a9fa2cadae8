// Case: recursive series (truncated exp by nested recursion) and a recursive continued fraction
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

// 1 + x/k (1 + x/(k+1) (1 + ...)), depth terms: truncated exp(x) for k = 1.
double series(double x, int k, int depth) {
  if (k > depth)
    return 1.0;
  return 1.0 + x / k * series(x, k + 1, depth);
}

// y + x / (y + x / (y + ...)), d levels.
double cfrac(double x, double y, int d) {
  if (d == 0)
    return y;
  return y + x / cfrac(x, y, d - 1);
}

double f(double x, double y, int d) { return series(x * y, 1, d) + cfrac(x, y, d); }

int main() {
  const double x = 0.8, y = 1.5;
  const int d = 7;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y), d);
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y, d);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0), d);
  check::near("value", v, f(x, y, d));
  check::near("value fwd x", v1, f(x, y, d));
  check::near("value fwd y", v2, f(x, y, d));
  check::fd("df/dx", dx, [&](double h) { return f(x + h, y, d); });
  check::fd("df/dy", dy, [&](double h) { return f(x, y + h, d); });
  check::near("fwd vs rev x", tx, dx, 1e-10);
  check::near("fwd vs rev y", ty, dy, 1e-10);
  // The recursive function itself as the target.
  auto [c, cx, cy] = ddx::gradient(cfrac, ddx::active(x), ddx::active(y), d);
  check::near("cfrac value", c, cfrac(x, y, d));
  check::fd("dcfrac/dx", cx, [&](double h) { return cfrac(x + h, y, d); });
  check::fd("dcfrac/dy", cy, [&](double h) { return cfrac(x, y + h, d); });
  return check::finish();
}
