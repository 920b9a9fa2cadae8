// Case: a rule-bearing call inside a loop: the sum over i of
// gauss_kronrod<double, 15> integrals with parameter i*k (captured by value),
// and a loop whose bound of integration grows with i (active bounds)
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double series(double k, int n) {
  double s = 0.0;
  for (int i = 1; i <= n; ++i) {
    double p = i * k;
    s += gauss_kronrod<double, 15>::integrate(
             [p](double x) { return std::exp(-p * x) * std::sin(x); }, 0.0, 2.0,
             15, 1e-10) /
         i;
  }
  return s;
}

double growing(double k, double w) {
  double s = 0.0;
  for (int i = 0; i < 4; ++i) {
    double b = w * (i + 1);
    s += gauss_kronrod<double, 15>::integrate(
        [&k](double x) { return 1.0 / (1.0 + k * x * x); }, 0.0, b, 15, 1e-10);
  }
  return s * s;
}

int main() {
  const double k = 0.6, w = 0.4;
  const int n = 5;
  {
    auto [v, dk] = ddx::gradient(series, ddx::active(k), n);
    auto [v1, tk] = ddx::derivative(series, ddx::dual(k, 1.0), n);
    check::near("series value", v, series(k, n), 1e-12);
    check::fd("series d/dk", dk, [&](double h) { return series(k + h, n); });
    check::near("series fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [v, dk, dw] = ddx::gradient(growing, ddx::active(k), ddx::active(w));
    auto [v1, tk] = ddx::derivative(growing, ddx::dual(k, 1.0), w);
    auto [v2, tw] = ddx::derivative(growing, k, ddx::dual(w, 1.0));
    check::near("growing value", v, growing(k, w), 1e-12);
    check::fd("growing d/dk", dk, [&](double h) { return growing(k + h, w); });
    check::fd("growing d/dw", dw, [&](double h) { return growing(k, w + h); });
    check::near("growing fwd vs rev k", tk, dk, 1e-10);
    check::near("growing fwd vs rev w", tw, dw, 1e-10);
  }
  return check::finish();
}
