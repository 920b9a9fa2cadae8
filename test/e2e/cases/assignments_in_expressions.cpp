// Case: statement forms people write that lowering lifts into statements
// of their own: chained assignment (`x = y = v`), a compound assignment read
// for its value (`s += (a *= 1.1)`), an assignment in a loop condition
// (`while ((s += a) < 5.0 && ...)`), `if (init; cond)`, `if (T v = e)`,
// `switch (init; k)`, and static constants (`static const double`,
// `static constexpr double`, tables of them). Forward and reverse mode against
// finite differences.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>

double chained(double a) {
  double x, y;
  x = y = a * a;
  double s = 0;
  for (int i = 0; i < 3; ++i)
    s += (a *= 1.1) * x;
  return x * y + s;
}

double grows(double a) {
  double s = 0;
  int i = 0;
  while ((s += a * a) < 5.0 && i++ < 10)
    s *= 1.01;
  return s;
}

double branches(double a, int k) {
  double r = 0;
  if (double t = std::sin(a); t > 0.1)
    r += t * a;
  if (double u = a - 0.5)
    r += u * u;
  switch (int j = k + 1; j) {
  case 1:
    r *= a;
    break;
  default:
    r -= a;
    break;
  }
  return r;
}

double constants(double a) {
  static const double c = 2.5;
  static constexpr double w = 1.5;
  static const double table[3] = {0.2, 0.5, 0.3};
  static constexpr double m[2][2] = {{1.0, 2.0}, {3.0, 4.0}};
  double s = 0;
  for (int i = 0; i < 3; ++i)
    s += w * std::pow(a, i + 1) * table[i] + m[i % 2][1] * a;
  return c * s;
}

int main() {
  const double a = 0.7;
  {
    auto [y, da] = ddx::gradient(chained, ddx::active(a));
    auto [y1, ta] = ddx::derivative(chained, ddx::dual(a, 1.0));
    check::near("chained value", y, chained(a), 1e-12);
    check::fd("chained d/da", da, [&](double h) { return chained(a + h); });
    check::fd("chained d/da fwd", ta, [&](double h) { return chained(a + h); });
    (void)y1;
  }
  {
    auto [y, da] = ddx::gradient(grows, ddx::active(a));
    auto [y1, ta] = ddx::derivative(grows, ddx::dual(a, 1.0));
    check::near("grows value", y, grows(a), 1e-12);
    check::fd("grows d/da", da, [&](double h) { return grows(a + h); });
    check::fd("grows d/da fwd", ta, [&](double h) { return grows(a + h); });
    (void)y1;
  }
  for (int k = 0; k < 2; ++k) {
    auto [y, da] = ddx::gradient(branches, ddx::active(a), k);
    auto [y1, ta] = ddx::derivative(branches, ddx::dual(a, 1.0), k);
    check::near("branches value", y, branches(a, k), 1e-12);
    check::fd("branches d/da", da,
              [&](double h) { return branches(a + h, k); });
    check::fd("branches d/da fwd", ta,
              [&](double h) { return branches(a + h, k); });
    (void)y1;
  }
  {
    auto [y, da] = ddx::gradient(constants, ddx::active(a));
    auto [y1, ta] = ddx::derivative(constants, ddx::dual(a, 1.0));
    check::near("constants value", y, constants(a), 1e-12);
    check::fd("constants d/da", da, [&](double h) { return constants(a + h); });
    check::fd("constants d/da fwd", ta,
              [&](double h) { return constants(a + h); });
    (void)y1;
  }
  return check::finish();
}
