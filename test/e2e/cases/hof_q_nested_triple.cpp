// Case: a triple integral (gauss<double, 10> inside gauss_kronrod<double, 15>
// inside tanh_sinh) over a simplex-like domain whose inner bounds depend on
// the outer variables, with an active parameter captured at every level
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

double model(double k, double b) {
  tanh_sinh<double> ts;
  return ts.integrate(
      [k](double x) {
        return gauss_kronrod<double, 15>::integrate(
            [k, x](double y) {
              return gauss<double, 10>::integrate(
                  [k, x, y](double z) { return std::exp(-k * (x + y + z)) * (1 + z); },
                  0.0, x + y);
            },
            0.0, x, 8, 1e-10);
      },
      0.0, b, 1e-9);
}

int main() {
  const double k = 0.5, b = 1.1;
  auto [v, dk, db] = ddx::gradient(model, ddx::active(k), ddx::active(b));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), b);
  auto [v2, tb] = ddx::derivative(model, k, ddx::dual(b, 1.0));
  check::near("value", v, model(k, b), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h, b); }, 1e-6);
  check::fd("d/db", db, [&](double h) { return model(k, b + h); }, 1e-6);
  check::near("fwd vs rev k", tk, dk, 1e-9);
  check::near("fwd vs rev b", tb, db, 1e-9);
  return check::finish();
}
