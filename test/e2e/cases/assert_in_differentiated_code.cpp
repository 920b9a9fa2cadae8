// Case: assert in differentiated code, with and without NDEBUG (<cassert>
// may be included again to switch it): primal code, kept as the user wrote
// it; its message names the user's function (__PRETTY_FUNCTION__ printed
// as its value), not the generated one. It used to be refused. Both modes
// against finite differences.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>

#define NDEBUG
#include <cassert>

static double checked_off(double a, double b) {
  assert(a > 0 && "never evaluated");
  return std::log(a) * b;
}

#undef NDEBUG
#include <cassert>

double f(double a, double b) {
  assert(a > 0 && "a must be positive");
  double s = checked_off(a, b) + a * b;
  assert(s == s);
  return s * s;
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
