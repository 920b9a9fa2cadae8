// Case: a capturing lambda stored in a local std::function variable, then
// passed to gauss_kronrod<double, 31> and to a std::function helper that
// integrates with exp_sinh; forward and reverse
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/exp_sinh.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <functional>
#include "check.hpp"
using namespace boost::math::quadrature;

double tail(std::function<double(double)> f) {
  exp_sinh<double> es;
  return es.integrate(f, 1.0, std::numeric_limits<double>::infinity(), 1e-10);
}

double model(double k, double c) {
  std::function<double(double)> f = [k, c](double x) {
    return std::exp(-k * x) * (1.0 + c * std::sin(x));
  };
  return gauss_kronrod<double, 31>::integrate(f, 0.0, 1.0, 15, 1e-10) + tail(f);
}

int main() {
  const double k = 1.3, c = 0.5;
  auto [v, dk, dc] = ddx::gradient(model, ddx::active(k), ddx::active(c));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), c);
  auto [v2, tc] = ddx::derivative(model, k, ddx::dual(c, 1.0));
  check::near("value", v, model(k, c), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h, c); });
  check::fd("d/dc", dc, [&](double h) { return model(k, c + h); });
  check::near("fwd vs rev k", tk, dk, 1e-10);
  check::near("fwd vs rev c", tc, dc, 1e-10);
  return check::finish();
}
