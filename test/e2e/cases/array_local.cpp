// Case: local C arrays holding active values (filled in a loop, read back, elements overwritten)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  double t[5];
  t[0] = x;
  for (int i = 1; i < 5; ++i)
    t[i] = t[i - 1] * y + std::sin(x * i);
  double m[2][2] = {{x, y}, {x * y, 1.0}};
  for (int i = 0; i < 5; ++i)
    t[i] = t[i] * m[i % 2][1] + m[1][i % 2];  // overwrite in place
  return t[4] - t[0] * t[2] + m[1][0];
}

int main() {
  const double x = 0.5, y = 0.9;
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
