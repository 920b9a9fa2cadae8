// Case: std::inner_product, plain (a dot product of two vectors) and with
// the user's two operations as capturing lambdas (a weighted squared
// distance, and a product of factors); one range inactive. Both modes
// against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <numeric>
#include <vector>
#include "check.hpp"

double f(double a, double b) {
  std::vector<double> x{a, b, a * b};
  std::vector<double> y{std::cos(b), a - b, 3.0};
  double dot = std::inner_product(x.begin(), x.end(), y.begin(), 0.5);
  double w = a + 1.0;
  double dist = std::inner_product(
      x.begin(), x.end(), y.begin(), 0.0,
      [](double acc, double t) { return acc + t; },
      [&w](double p, double q) { return w * (p - q) * (p - q); });
  return dot * dist;
}

double g(double a, double b) {
  const std::vector<double> exponents{1.0, 2.0, 0.5};
  std::vector<double> bases{a, b, a + b};
  // A product of powers: the reduction multiplies.
  return std::inner_product(
      bases.begin(), bases.end(), exponents.begin(), b,
      [](double acc, double t) { return acc * t; },
      [a](double base, double e) { return std::pow(base, e) + a; });
}

int main() {
  const double a = 0.8, b = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
    check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(g, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(g, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(g, a, ddx::dual(b, 1.0));
    check::two_inputs("g", g, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
