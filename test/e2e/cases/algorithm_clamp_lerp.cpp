// Case: std::clamp below, inside and above its bounds (bounds active too),
// with a comparator, and std::lerp (C++20), both modes
// DDX-STD: c++20
#include <ddx/ddx.hpp>
#include <algorithm>
#include <cmath>
#include <functional>
#include "check.hpp"

double f(double x, double y) {
  double inside = std::clamp(x * y, 0.1, 2.0);   // 0.585: the value's
  double below = std::clamp(y - x, -0.5 * y, y); // -0.85 < lo: lo's
  double above = std::clamp(x + y, y, x);        // 1.75 > hi: hi's
  // Ordered by greater: the bounds are (hi, lo) and the clamp is the same.
  double reversed = std::clamp(x * x, 4.0 * y, 0.5 * y, std::greater<double>());
  double mixed = std::lerp(x, y * y, std::sin(y));
  return inside * inside + below * x + above * y + reversed + mixed * x;
}

int main() {
  const double x = 1.3, y = 0.45;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::two_inputs("f", f, x, y, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
