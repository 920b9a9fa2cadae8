// Case: comparisons < <= > >= == != and ?: selecting active values, several points
#include <ddx/ddx.hpp>
#include "check.hpp"

double f(double x, double y) {
  double a = x > y ? x * y : x + y;
  double b = (x <= 1.0) ? a * a : a / x;
  double c = (a == b) ? 0.0 : (a != y ? a - y : a);
  bool big = x * y >= 2.0;
  double d = big ? c * x : c + b;
  return (d < 0.0) ? -d : d;
}

void run(double x, double y) {
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
}

int main() {
  run(1.3, 0.4);  // x > y, x > 1, small product
  run(0.5, 2.5);  // x <= y, x <= 1
  run(2.0, 1.5);  // x * y >= 2
  run(0.3, 0.9);  // d negative
  return check::finish();
}
