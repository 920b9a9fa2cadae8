// Case: integrands reading active coefficients from a std::array (filled
// element by element) captured by reference and by value, integrated with
// gauss<double, 10> and gauss_kronrod<double, 15>; forward and reverse
#include <ddx/ddx.hpp>
#include <array>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

double model(double k, double m) {
  std::array<double, 3> a;
  a[0] = k;
  a[1] = m;
  a[2] = k * m;
  double I = gauss<double, 10>::integrate(
      [&a](double x) { return std::sin(a[0] * x) * a[1]; }, 0.0, 1.0);
  double J = gauss_kronrod<double, 15>::integrate(
      [a](double x) { return std::exp(-a[2] * x) + a[0] * x; }, 0.0, 2.0, 15, 1e-10);
  return I + J;
}

int main() {
  const double k = 1.3, m = 0.6;
  auto [v, dk, dm] = ddx::gradient(model, ddx::active(k), ddx::active(m));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), m);
  auto [v2, tm] = ddx::derivative(model, k, ddx::dual(m, 1.0));
  check::near("value", v, model(k, m), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h, m); });
  check::fd("d/dm", dm, [&](double h) { return model(k, m + h); });
  check::near("fwd vs rev k", tk, dk, 1e-10);
  check::near("fwd vs rev m", tm, dm, 1e-10);
  return check::finish();
}
