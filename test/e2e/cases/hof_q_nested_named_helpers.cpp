// Case: a double integral through named helpers: a gauss<double, 20> outer
// integrand calls functions integrating (gauss<double, 15>, tanh_sinh) lambdas
// capturing the outer variable and an active parameter (by value and ref)
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

double inner_gauss(double x, double &k) {
  return gauss<double, 15>::integrate(
      [x, &k](double y) { return std::cos(k * x + y) * y; }, -1.0, x);
}

double inner_ts(double x, double k) {
  tanh_sinh<double> integrator;
  return integrator.integrate([x, k](double y) { return std::exp(-k * x * y * y); },
                              0.0, 1.0, 1e-10);
}

double model(double k) {
  return gauss<double, 20>::integrate(
      [&k](double x) { return inner_gauss(x, k) + inner_ts(x, k); }, 0.0, 1.0);
}

int main() {
  const double k = 0.8;
  auto [v, dk] = ddx::gradient(model, ddx::active(k));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0));
  check::near("value", v, model(k), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h); });
  check::near("fwd vs rev", tk, dk, 1e-10);
  return check::finish();
}
