// Case: gauss_kronrod<double, 15> with a lambda capturing two active values
// by value; max_depth and tol as literals; forward and reverse mode
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double model(double k, double c) {
  return gauss_kronrod<double, 15>::integrate(
      [k, c](double x) { return std::exp(-k * x) * std::cos(c * x); }, 0.0, 2.0,
      15, 1e-10);
}

int main() {
  const double k = 0.8, c = 1.3;
  auto [v, dk, dc] = ddx::gradient(model, ddx::active(k), ddx::active(c));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), c);
  auto [v2, tc] = ddx::derivative(model, k, ddx::dual(c, 1.0));
  check::near("value", v, model(k, c), 1e-12);
  check::near("fwd value", v1, model(k, c), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h, c); });
  check::fd("d/dc", dc, [&](double h) { return model(k, c + h); });
  check::near("fwd vs rev k", tk, dk, 1e-10);
  check::near("fwd vs rev c", tc, dc, 1e-10);
  return check::finish();
}
