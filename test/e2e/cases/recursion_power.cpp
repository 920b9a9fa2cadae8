// Case: recursion with an int depth argument (linear recursive power, power by squaring)
#include <ddx/ddx.hpp>
#include "check.hpp"

double rpow(double x, int n) {
  if (n == 0)
    return 1.0;
  return x * rpow(x, n - 1);
}

double fpow(double x, int n) {
  if (n == 0)
    return 1.0;
  double h = fpow(x, n / 2);
  return n % 2 ? h * h * x : h * h;
}

double f(double x, double y, int n) { return rpow(x, n) * y + fpow(y, n + 1); }

int main() {
  const double x = 1.1, y = 0.9;
  const int n = 5;
  {
    auto [v, dx] = ddx::gradient(rpow, ddx::active(x), n);
    auto [v1, tx] = ddx::derivative(rpow, ddx::dual(x, 1.0), n);
    check::near("rpow value", v, rpow(x, n));
    check::near("rpow value fwd", v1, rpow(x, n));
    check::fd("drpow/dx", dx, [&](double h) { return rpow(x + h, n); });
    check::near("rpow fwd vs rev", tx, dx, 1e-10);
  }
  {
    auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y), n);
    auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y, n);
    auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0), n);
    check::near("f value", v, f(x, y, n));
    check::near("f value fwd x", v1, f(x, y, n));
    check::near("f value fwd y", v2, f(x, y, n));
    check::fd("df/dx", dx, [&](double h) { return f(x + h, y, n); });
    check::fd("df/dy", dy, [&](double h) { return f(x, y + h, n); });
    check::near("f fwd vs rev x", tx, dx, 1e-10);
    check::near("f fwd vs rev y", ty, dy, 1e-10);
  }
  return check::finish();
}
