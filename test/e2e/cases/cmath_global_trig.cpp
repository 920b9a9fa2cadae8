// Case: ::sin ::cos ::tan ::asin ::acos ::atan ::atan2 (global spellings from <math.h>)
#include <ddx/ddx.hpp>
#include <math.h>
#include "check.hpp"

double f(double x, double y) {
  return ::sin(x) * ::cos(y) + ::tan(x * y) + ::asin(0.5 * x) + ::acos(0.3 * y) +
         ::atan(x - y) + ::atan2(x, y);
}

int main() {
  const double x = 0.7, y = 1.1;
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
