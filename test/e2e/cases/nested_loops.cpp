// Case: nested loops (triangular double loop, and a while inside a for inside a for)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  double s = 0.0;
  for (int i = 0; i < 4; ++i) {
    double row = 1.0;
    for (int j = 0; j <= i; ++j) {
      row = row * x + j * y;
    }
    s += row * y;
  }
  for (int a = 0; a < 2; ++a) {
    for (int b = 0; b < 3; ++b) {
      int c = 0;
      while (c < b) {
        s += 0.01 * std::sin(x * (a + 1) + y * c);
        ++c;
      }
    }
  }
  return s;
}

int main() {
  const double x = 0.8, y = 0.6;
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
