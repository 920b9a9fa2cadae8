// Case: max_depth and tolerance given as constexpr variables (namespace
// scope and a static class member), for gauss_kronrod<double, 15> and
// exp_sinh, with a lambda capturing an active value by reference
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/exp_sinh.hpp>
#include <cmath>
#include <limits>
#include "check.hpp"
using namespace boost::math::quadrature;

constexpr unsigned kDepth = 14;
constexpr double kTol = 1e-10;
struct settings {
  static constexpr double tail_tol = 1e-9;
};

double model(double k) {
  auto f = [&k](double x) { return std::exp(-k * x) / (1.0 + x); };
  double finite = gauss_kronrod<double, 15>::integrate(f, 0.0, 1.0, kDepth, kTol);
  exp_sinh<double> integrator;
  double tail = integrator.integrate(f, 1.0, std::numeric_limits<double>::infinity(),
                                     settings::tail_tol);
  return finite + tail;
}

int main() {
  const double k = 1.2;
  auto [v, dk] = ddx::gradient(model, ddx::active(k));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0));
  check::near("value", v, model(k), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h); });
  check::near("fwd vs rev", tk, dk, 1e-10);
  return check::finish();
}
