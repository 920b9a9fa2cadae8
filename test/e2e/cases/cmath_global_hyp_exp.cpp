// Case: ::sinh ::cosh ::tanh ::asinh ::acosh ::atanh ::exp ::exp2 ::expm1 ::log ::log10 ::log2 ::log1p
#include <ddx/ddx.hpp>
#include <math.h>
#include "check.hpp"

double f(double x, double y) {
  double h = ::sinh(x) + ::cosh(y) * ::tanh(x) + ::asinh(x * y) + ::acosh(y + 1.2) +
             ::atanh(0.4 * x);
  double e = ::exp(0.5 * y) + ::exp2(x) - ::expm1(-x * y);
  double l = ::log(y) + ::log10(x + 1.0) + ::log2(x * y) + ::log1p(y);
  return h + e * l;
}

int main() {
  const double x = 0.8, y = 1.3;
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
