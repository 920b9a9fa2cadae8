// Case: a local function pointer initialised once from a named function,
// passed to gauss_kronrod<double, 21> and gauss<double, 20>, and a named
// function given to a helper's function-pointer parameter; active bounds
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

double bell(double x) { return std::exp(-x * x); }
double wave(double x) { return std::sin(3.0 * x) + 1.0; }

double integrate_ptr(double (*f)(double), double a, double b) {
  return gauss_kronrod<double, 21>::integrate(f, a, b, 15, 1e-10);
}

double model(double a, double b) {
  double (*g)(double) = bell;
  double I = gauss_kronrod<double, 21>::integrate(g, a, b, 15, 1e-10);
  double J = gauss<double, 20>::integrate(g, 0.0, b);
  return I * J + integrate_ptr(wave, a, b);
}

int main() {
  const double a = -0.3, b = 0.8;
  auto [v, da, db] = ddx::gradient(model, ddx::active(a), ddx::active(b));
  auto [v1, ta] = ddx::derivative(model, ddx::dual(a, 1.0), b);
  auto [v2, tb] = ddx::derivative(model, a, ddx::dual(b, 1.0));
  check::near("value", v, model(a, b), 1e-12);
  check::fd("d/da", da, [&](double h) { return model(a + h, b); });
  check::fd("d/db", db, [&](double h) { return model(a, b + h); });
  check::near("fwd vs rev a", ta, da, 1e-10);
  check::near("fwd vs rev b", tb, db, 1e-10);
  return check::finish();
}
