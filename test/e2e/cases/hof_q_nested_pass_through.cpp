// Case: a double integral through pass-through helpers: tanh_sinh (template
// helper) outside, gauss_kronrod<double, 21> (std::function helper) inside,
// the inner integrand and lower bound depending on the outer variable
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include <functional>
#include "check.hpp"
using namespace boost::math::quadrature;

double inner(std::function<double(double)> f, double a) {
  return gauss_kronrod<double, 21>::integrate(f, a, 1.0, 10, 1e-11);
}

template <class F> double outer(F f, double b) {
  tanh_sinh<double> ts;
  return ts.integrate(f, 0.0, b, 1e-10);
}

double model(double k, double b) {
  return outer(
      [k](double x) {
        return inner([k, x](double y) { return std::exp(-k * (x * x + y * y)); },
                     x * 0.5);
      },
      b);
}

int main() {
  const double k = 0.9, b = 0.8;
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
