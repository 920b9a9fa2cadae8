// Case: parameter overwritten in a loop by a nonlinear map (x = sin(x) + a; x = x * x - a), conditional overwrite
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double a) {
  for (int i = 0; i < 6; ++i) {
    x = std::sin(x) + a;
    x = x * x - 0.5 * a;
    if (i % 2 == 0)
      x = std::exp(-x) * a;  // overwritten only on even steps
  }
  return x;
}

int main() {
  const double x = 0.4, a = 0.9;
  auto [v, dx, da] = ddx::gradient(f, ddx::active(x), ddx::active(a));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), a);
  auto [v2, ta] = ddx::derivative(f, x, ddx::dual(a, 1.0));
  check::near("value", v, f(x, a));
  check::near("value fwd x", v1, f(x, a));
  check::near("value fwd a", v2, f(x, a));
  check::fd("df/dx", dx, [&](double h) { return f(x + h, a); });
  check::fd("df/da", da, [&](double h) { return f(x, a + h); });
  check::near("fwd vs rev x", tx, dx, 1e-10);
  check::near("fwd vs rev a", ta, da, 1e-10);
  return check::finish();
}
