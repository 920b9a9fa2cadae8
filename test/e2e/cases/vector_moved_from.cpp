// Case: a std::vector built by moving another (`auto w = std::move(v);`),
// after which the moved-from vector is empty, as the standard says, and is
// read or filled again. Generated code copies what std::move gives (the
// reverse sweep may read it) and then empties the source; ddx once left it
// holding its elements (a wrong value and derivative). In a loop, the
// moved-from vector refilled each step. Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <utility>
#include <vector>

double f(double a, double b) {
  std::vector<double> v{a, b, a * b};
  std::vector<double> w = std::move(v);
  double s = w[0] + w[2];
  for (std::size_t i = 0; i < v.size(); ++i)
    s += 10.0 * v[i];
  v.push_back(std::sin(a));
  return s + v[0] * w[1];
}

double steps(double a, double b) {
  std::vector<double> state{a, b};
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    std::vector<double> old(std::move(state));
    s += static_cast<double>(state.size());
    for (double x : old)
      state.push_back(0.5 * x + std::cos(x) * b);
  }
  return s + state[0] * state[1];
}

int main() {
  const double a = 0.7, b = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
    check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(steps, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(steps, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(steps, a, ddx::dual(b, 1.0));
    check::two_inputs("steps", steps, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
