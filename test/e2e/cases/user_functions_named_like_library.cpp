// Case: functions of the user's own, at global scope or in an anonymous
// namespace, that have the names of library functions ddx ships rules for:
// a soft `clamp`, a `polar` returning a struct (with <complex> included),
// a three-argument `max`, an `abs` of a user vector. Each is its body, not
// the library function: ddx once bound them to the shipped rules of
// std::clamp, std::polar, ... (wrong derivatives, or zero, without a word).
// Shipped rules are system headers and bind only to functions declared in
// system headers. Both modes.
#include "check.hpp"
#include <cmath>
#include <complex>
#include <ddx/ddx.hpp>

double clamp(double v, double lo, double hi) {
  return lo + (hi - lo) * 0.5 * (1 + std::tanh(v));
}
struct XY {
  double x, y;
};
XY polar(double r, double t) { return XY{r * std::cos(t), r * std::sin(t)}; }
namespace {
double max(double a, double b, double c) {
  return std::log(std::exp(a) + std::exp(b) + std::exp(c)); // (a soft max)
}
struct V {
  double a, b;
};
double abs(const V &v) { return std::sqrt(v.a * v.a + v.b * v.b); }
} // namespace

double f(double x, double y) {
  XY p = polar(x, y);
  V v{x * y, y};
  return clamp(x * y, -1.0, 2.0) * std::sin(x) + p.x * p.y +
         max(x, y, x * y) + abs(v) + std::abs(x - y);
}

int main() {
  const double x = 0.7, y = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::two_inputs("f", f, x, y, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
