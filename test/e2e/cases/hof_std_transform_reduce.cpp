// Case: std::transform_reduce in its three forms: a dot product of two
// ranges, two ranges with the user's reduction and map, and one range with
// a capturing map (a log-likelihood). The value is the library's own
// (grouped as it likes); the derivative is that of the same sum. Both modes
// against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <functional>
#include <numeric>
#include <vector>
#include "check.hpp"

double f(double a, double b) {
  std::vector<double> x{a, b, a * b, 0.3, b - a};
  std::vector<double> y{1.0, a, std::exp(b), a + b, 2.0};
  double dot = std::transform_reduce(x.begin(), x.end(), y.begin(), 0.0);
  double sq = std::transform_reduce(
      x.begin(), x.end(), y.begin(), 0.0,
      [](double p, double q) { return p + q; },
      [](double p, double q) { return (p - q) * (p - q); });
  double mu = a, sigma = b;
  double loglik = std::transform_reduce(
      x.begin(), x.end(), 0.0, [](double p, double q) { return p + q; },
      [&](double t) {
        double z = (t - mu) / sigma;
        return -0.5 * z * z - std::log(sigma);
      });
  return dot + sq * loglik;
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
