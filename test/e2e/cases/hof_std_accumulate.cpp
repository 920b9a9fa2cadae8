// Case: std::accumulate with a capturing lambda, over a std::vector built
// from a brace list, an array and part of a vector (begin() + 1); and the
// plain sum without a callable. ddx binds the rule for <numeric> to the
// generated objects of the lambdas; the ranges' shadows are the same
// positions in the vectors' shadows. Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <iterator>
#include <numeric>
#include <vector>
#include "check.hpp"

double f(double a, double b) {
  std::vector<double> v{a, b, a * b, std::sin(a)};
  double scale = b * 0.5;
  // A weighted sum of squares: the lambda captures an active scale.
  double s = std::accumulate(v.begin(), v.end(), 1.0,
                             [&](double acc, double x) {
                               return acc + scale * x * x;
                             });
  // A product, which reads the accumulator it is given.
  double p = std::accumulate(v.begin() + 1, v.end(), a,
                             [](double acc, double x) { return acc * x; });
  double w[3] = {b, a + b, 2.0};
  double plain = std::accumulate(std::begin(w), std::end(w), s);
  return p + plain;
}

double g(double a, double b) {
  // An inactive range, with the active value in the initial value and the
  // capture.
  const std::vector<double> knots{0.5, 1.5, 2.0};
  return std::accumulate(knots.begin(), knots.end(), a * b,
                         [b](double acc, double x) {
                           return acc + std::exp(-b * x) * acc;
                         });
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
