// Case: continue in a for loop (two continue statements) and in a while loop
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  double s = 0.0;
  for (int i = 0; i < 10; ++i) {
    if (i % 3 == 0)
      continue;
    s += std::sin(x * i) * y;
    if (i % 4 == 1)
      continue;
    s -= 0.1 * x * x;
  }
  int j = 0;
  while (j < 6) {
    ++j;
    if (j % 2)
      continue;
    s = s * y + x;
  }
  return s;
}

int main() {
  const double x = 0.3, y = 0.8;
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
