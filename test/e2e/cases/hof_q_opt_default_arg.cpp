// Case: tolerance and max_depth as default arguments of a user helper
// (folded into the specialised clone), passed on to gauss_kronrod<double,
// 21> and tanh_sinh; forward and reverse
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

template <class F>
double gk(F f, double a, double b, unsigned depth = 12, double tol = 1e-10) {
  return gauss_kronrod<double, 21>::integrate(f, a, b, depth, tol);
}

template <class F> double ts(F f, double a, double b, double tol = 1e-10) {
  tanh_sinh<double> integrator;
  return integrator.integrate(f, a, b, tol);
}

double model(double k, double b) {
  auto f = [k](double x) { return std::sqrt(1.0 + k * x * x); };
  return gk(f, 0.0, b) + ts(f, 0.0, b);
}

int main() {
  const double k = 0.9, b = 1.3;
  auto [v, dk, db] = ddx::gradient(model, ddx::active(k), ddx::active(b));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), b);
  auto [v2, tb] = ddx::derivative(model, k, ddx::dual(b, 1.0));
  check::near("value", v, model(k, b), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h, b); });
  check::fd("d/db", db, [&](double h) { return model(k, b + h); });
  check::near("fwd vs rev k", tk, dk, 1e-10);
  check::near("fwd vs rev b", tb, db, 1e-10);
  return check::finish();
}
