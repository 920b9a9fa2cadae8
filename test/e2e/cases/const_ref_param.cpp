// Case: const double& parameters (target and callee), callee called with temporaries and with parameters
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double helper(const double& a, const double& b) { return a * std::cos(b) + b; }

double f(const double& x, const double& y) {
  const double& r = x;  // a local reference to a parameter
  double s = helper(x, y) + helper(x * y, 0.3) + helper(2.0, x);
  return s * r;
}

int main() {
  const double x = 0.9, y = 0.5;
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
