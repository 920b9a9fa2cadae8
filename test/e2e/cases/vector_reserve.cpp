// Case: `v.reserve(n)` before a loop of push_back, and `shrink_to_fit()`
// after it, on a std::vector of active values, in a loop too. They change
// the capacity only, not a value: left as primal code (once refused as a
// member call on active data). Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

double f(double x, double y) {
  double s = 0;
  for (int k = 1; k <= 2; ++k) {
    std::vector<double> v;
    v.reserve(16);
    for (int i = 0; i < 5; ++i)
      v.push_back(std::sin(x * i) * y * k);
    v.shrink_to_fit();
    for (double e : v)
      s += e * e;
  }
  return s;
}

int main() {
  const double x = 0.7, y = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::two_inputs("f", f, x, y, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
