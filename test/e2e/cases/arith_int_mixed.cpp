// Case: integer arithmetic mixed in (inactive ints, int->double promotion, (int) of an active value)
#include <ddx/ddx.hpp>
#include "check.hpp"

double f(double x, double y, int n) {
  int m = 2 * n + 1;
  int q = m / 2 + m % 3;
  double s = x * m + y / q;
  s += n * x * y;
  int k = static_cast<int>(x * 3.0);  // piecewise constant: no derivative
  s *= k + 1;
  long w = n - 1;
  unsigned u = static_cast<unsigned>(n) * 2u;
  s -= w * y + u;
  double r = static_cast<double>(m) / q;
  return s * r;
}

int main() {
  const double x = 1.3, y = 0.7;
  const int n = 4;
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
