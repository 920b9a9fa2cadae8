// Case: std::reduce (without an initial value, with one, and with a
// capturing lambda) and std::partial_sum (into another vector, in place,
// and with a capturing lambda as the operation); the partial sums are read
// afterwards. Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <numeric>
#include <vector>
#include "check.hpp"

double f(double a, double b) {
  std::vector<double> x{a, b, a * b, std::sqrt(b)};
  double total = std::reduce(x.begin(), x.end());
  double shifted = std::reduce(x.begin(), x.end(), a);
  double c = b / 3.0;
  double soft = std::reduce(x.begin(), x.end(), 0.0,
                            [&](double p, double q) { return p + c * q; });
  std::vector<double> cum(4);
  std::partial_sum(x.begin(), x.end(), cum.begin());
  // In place, with a decaying memory of the running value.
  std::partial_sum(cum.begin(), cum.end(), cum.begin(),
                   [&](double run, double t) { return c * run + t; });
  double s = total * shifted + soft;
  for (int i = 0; i < 4; ++i)
    s += cum[i] * x[i];
  return s;
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
