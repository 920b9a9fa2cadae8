// Case: `u = std::move(n)` of a std::vector in a time-stepping loop
// (double buffering by move). Generated code copies, then empties the
// vector moved from, as the move leaves it, with its derivative; in reverse
// mode both vectors are recorded and put back. Once refused; the copy
// (`u = n`) is vector_assign_front_back_at. Both modes.
#include "check.hpp"
#include <ddx/ddx.hpp>
#include <utility>
#include <vector>

double f(double a, double b) {
  std::vector<double> u(2, a), n(2);
  for (int t = 0; t < 3; ++t) {
    n[0] = u[1] * a + b;
    n[1] = u[0] * b;
    u = std::move(n);
    n = std::vector<double>(2);
  }
  std::vector<double> w;
  w = std::move(u);
  u.push_back(b * b); // (u is empty after the move)
  return w[0] * w[1] + u[0] + double(u.size());
}

int main() {
  const double a = 0.7, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
