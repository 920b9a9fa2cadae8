// Case: results of several integrals (gauss_kronrod<double, 21>, gauss<double,
// 12>, tanh_sinh) combined with cmath functions (log, sqrt, atan2, pow,
// hypot) and an integral's result used as the bound of another
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

double model(double a, double k) {
  double I1 = gauss_kronrod<double, 21>::integrate(
      [k](double x) { return std::exp(k * x); }, 0.0, a, 15, 1e-10);
  double I2 = gauss<double, 12>::integrate(
      [&a](double x) { return std::sin(a * x) + 2.0; }, 0.0, 1.0);
  tanh_sinh<double> ts;
  // The upper bound is itself an integral.
  double I3 = ts.integrate([k](double x) { return x / (1.0 + k * x); }, 0.0, I2,
                           1e-10);
  return std::log(I1) * std::sqrt(I2) + std::atan2(I3, I1) +
         std::pow(I2, 1.5) - std::hypot(I1, I3);
}

int main() {
  const double a = 0.9, k = 0.4;
  auto [v, da, dk] = ddx::gradient(model, ddx::active(a), ddx::active(k));
  auto [v1, ta] = ddx::derivative(model, ddx::dual(a, 1.0), k);
  auto [v2, tk] = ddx::derivative(model, a, ddx::dual(k, 1.0));
  check::near("value", v, model(a, k), 1e-12);
  check::fd("d/da", da, [&](double h) { return model(a + h, k); });
  check::fd("d/dk", dk, [&](double h) { return model(a, k + h); });
  check::near("fwd vs rev a", ta, da, 1e-10);
  check::near("fwd vs rev k", tk, dk, 1e-10);
  return check::finish();
}
