// Case: a tanh_sinh integrator object inside a function differentiated in
// split reverse mode: the object is rebuilt in the reverse sweep, not taped
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include "check.hpp"
double inner(double k) {
  boost::math::quadrature::tanh_sinh<double> integrator;
  return integrator.integrate([k](double x) { return std::exp(-k * x) * x; }, 0.0, 1.0);
}
double outer(double k) { return inner(k) * k; }
int main() {
  auto [v, dk] = ddx::gradient(outer, ddx::active(1.5));
  check::fd("outer/k", dk, [&](double h) { return outer(1.5 + h); });
  return check::finish();
}
