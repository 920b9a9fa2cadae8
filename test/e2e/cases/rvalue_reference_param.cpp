// Case: a callee taking `double &&` (a temporary bound by reference) is a
// value parameter for derivatives; both modes (it gave 0 in reverse mode)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double take(double &&v) { return v * v; }
double f(double x) { return take(x * 2.0) + take(std::sin(x)); }

int main() {
  const double x = 1.5;
  auto [y, d] = ddx::gradient(f, ddx::active(x));
  auto [y2, t] = ddx::derivative(f, ddx::dual(x, 1.0));
  check::near("value", y, f(x));
  check::fd("reverse", d, [&](double h) { return f(x + h); });
  check::fd("forward", t, [&](double h) { return f(x + h); });
  return check::finish();
}
