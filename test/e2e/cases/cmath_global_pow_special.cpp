// Case: ::pow ::sqrt ::cbrt ::hypot ::erf ::erfc ::tgamma ::lgamma ::fabs ::fmin ::fmax (global spellings, <cmath> only)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  double p = ::pow(x, y) + ::pow(y, 3) + ::sqrt(x + y) + ::cbrt(x * y);
  double s = ::hypot(x, 2.0 * y) + ::erf(0.5 * x) - ::erfc(y) + ::tgamma(x + 1.0) +
             ::lgamma(y + 0.5);
  double a = ::fabs(x - 2.0 * y) + ::fmin(x, y) * ::fmax(x * x, y);
  return p + s * a;
}

int main() {
  const double x = 1.1, y = 0.7;
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
