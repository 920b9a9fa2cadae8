// Case: fma, remainder, remquo, fdim, three-argument hypot, and the
// piecewise-constant nearbyint/rint/logb, both modes, both arguments
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  int quotient = 0;
  double a = std::fma(x, y, std::sin(x));
  double b = std::remainder(x * 3.0, y) + std::remquo(y, x, &quotient);
  double c = std::fdim(x, y) + std::fdim(y, 0.5 * x);
  double d = std::hypot(x, y, 0.5);
  double steps = std::nearbyint(x * 4.0) + std::rint(y * 4.0) + std::logb(x);
  return a * b + c * d + steps * x * y + quotient;
}

int main() {
  const double x = 1.3, y = 0.45;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::two_inputs("f", f, x, y, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
