// Case: running product and nonlinear accumulator overwrites (p = p * (x + i*y), p = p * sin(p + x)), reverse needs old values
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y, int n) {
  double p = 1.0;
  for (int i = 0; i < n; ++i)
    p = p * (x + i * y);
  double q = x;
  for (int i = 0; i < n; ++i)
    q = q * std::sin(q + y);  // nonlinear in the overwritten value
  double r = y;
  for (int i = 0; i < n; ++i) {
    r = r * r;  // r_{k+1} = r_k^2
    r = r / (1.0 + r);
  }
  return p + q + r;
}

int main() {
  const double x = 0.8, y = 0.6;
  const int n = 5;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y), n);
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y, n);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0), n);
  check::near("value", v, f(x, y, n));
  check::near("value fwd x", v1, f(x, y, n));
  check::near("value fwd y", v2, f(x, y, n));
  check::fd("df/dx", dx, [&](double h) { return f(x + h, y, n); });
  check::fd("df/dy", dy, [&](double h) { return f(x, y + h, n); });
  check::near("fwd vs rev x", tx, dx, 1e-10);
  check::near("fwd vs rev y", ty, dy, 1e-10);
  return check::finish();
}
