// Case: integrals in a while loop whose trip count depends on computed
// values (a fixed-point iteration x <- integral with parameter x, stopped
// when the step is small), with gauss_kronrod<double, 15>
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double fixed_point(double k) {
  double x = 0.5, prev = 0.0;
  int it = 0;
  while (std::fabs(x - prev) > 1e-3 && it < 50) {
    prev = x;
    x = gauss_kronrod<double, 15>::integrate(
        [x, k](double t) { return std::cos(x * t) * k; }, 0.0, 1.0, 15, 1e-11);
    ++it;
  }
  return x;
}

int main() {
  const double k = 0.8;
  auto [v, dk] = ddx::gradient(fixed_point, ddx::active(k));
  auto [v1, tk] = ddx::derivative(fixed_point, ddx::dual(k, 1.0));
  check::near("value", v, fixed_point(k), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return fixed_point(k + h); });
  check::near("fwd vs rev", tk, dk, 1e-10);
  return check::finish();
}
