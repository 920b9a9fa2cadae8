// Case: a captureless lambda written in place, integrated by
// gauss_kronrod<double, 15> between bounds that are functions of the active
// inputs (Leibniz rule only: the integrand has no derivative of its own)
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double model(double s, double t) {
  double lo = s * s - 1.0;
  double hi = std::exp(t) + s;
  return gauss_kronrod<double, 15>::integrate(
      [](double x) { return std::cos(x) * std::exp(-0.1 * x * x); }, lo, hi, 12,
      1e-10);
}

int main() {
  const double s = 0.4, t = 0.3;
  auto [v, ds, dt] = ddx::gradient(model, ddx::active(s), ddx::active(t));
  auto [v1, ts] = ddx::derivative(model, ddx::dual(s, 1.0), t);
  auto [v2, tt] = ddx::derivative(model, s, ddx::dual(t, 1.0));
  check::near("value", v, model(s, t), 1e-12);
  check::fd("d/ds", ds, [&](double h) { return model(s + h, t); });
  check::fd("d/dt", dt, [&](double h) { return model(s, t + h); });
  check::near("fwd vs rev s", ts, ds, 1e-10);
  check::near("fwd vs rev t", tt, dt, 1e-10);
  return check::finish();
}
