// Case: loops whose trip count is an int argument (including zero trips), for and while(m-- > 0)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double a, int n) {
  double s = a;
  for (int i = 0; i < n; ++i)
    s += std::cos(x * i) * a;
  int m = n;
  while (m-- > 0)
    s *= 1.0 + 0.1 * x;
  return s;
}

void run(double x, double a, int n) {
  auto [v, dx, da] = ddx::gradient(f, ddx::active(x), ddx::active(a), n);
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), a, n);
  auto [v2, ta] = ddx::derivative(f, x, ddx::dual(a, 1.0), n);
  check::near("value", v, f(x, a, n));
  check::near("value fwd x", v1, f(x, a, n));
  check::near("value fwd a", v2, f(x, a, n));
  check::fd("df/dx", dx, [&](double h) { return f(x + h, a, n); });
  check::fd("df/da", da, [&](double h) { return f(x, a + h, n); });
  check::near("fwd vs rev x", tx, dx, 1e-10);
  check::near("fwd vs rev a", ta, da, 1e-10);
}

int main() {
  run(0.4, 1.3, 0);
  run(0.4, 1.3, 1);
  run(0.4, 1.3, 5);
  run(0.4, 1.3, 12);
  return check::finish();
}
