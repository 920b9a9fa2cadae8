// Case: the result of one integral captured (by value and by reference) by
// the integrand of another, and used as its upper bound; gauss_kronrod<double,
// 41>, <double, 51> and <double, 61>; forward and reverse
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double model(double k) {
  double I = gauss_kronrod<double, 41>::integrate(
      [k](double x) { return std::exp(-k * x); }, 0.0, 1.0, 10, 1e-11);
  double J = gauss_kronrod<double, 51>::integrate(
      [I, k](double x) { return std::sin(I * x) + k; }, 0.0, I, 10, 1e-11);
  return gauss_kronrod<double, 61>::integrate(
      [&I, &J](double x) { return I * x * x + J; }, 0.0, J, 10, 1e-11);
}

int main() {
  const double k = 0.6;
  auto [v, dk] = ddx::gradient(model, ddx::active(k));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0));
  check::near("value", v, model(k), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h); });
  check::near("fwd vs rev", tk, dk, 1e-10);
  return check::finish();
}
