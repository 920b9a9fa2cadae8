// Case: structured bindings of a std::pair returned by a helper (each
// binding stands for .first or .second), also by reference and of a pair
// of library iterators; both modes.
#include <ddx/ddx.hpp>
#include <algorithm>
#include <utility>
#include <vector>
#include "check.hpp"

std::pair<double, double> split(double a) { return {a * a, a + 1}; }

double f(double a, double b) {
  double s = a;
  auto [u, v] = split(a * b);
  std::pair<double, double> w{u * v, b};
  auto &[p, q] = w;
  p += q * s;
  return u * b + v * s + w.first;
}

double g(double a, double b) {
  std::vector<int> order{0, 1, 1, 2};
  auto [lo, hi] = std::equal_range(order.begin(), order.end(), 1);
  return a * (hi - lo) + b * (lo - order.begin());
}

int main() {
  {
    auto [v, dx, dy] = ddx::gradient(f, ddx::active(1.1), ddx::active(2.0));
    auto [v1, tx] = ddx::derivative(f, ddx::dual(1.1, 1.0), 2.0);
    auto [v2, ty] = ddx::derivative(f, 1.1, ddx::dual(2.0, 1.0));
    check::two_inputs("f", f, 1.1, 2.0, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(g, ddx::active(1.1), ddx::active(2.0));
    auto [v1, tx] = ddx::derivative(g, ddx::dual(1.1, 1.0), 2.0);
    auto [v2, ty] = ddx::derivative(g, 1.1, ddx::dual(2.0, 1.0));
    check::two_inputs("g", g, 1.1, 2.0, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
