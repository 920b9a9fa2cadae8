// Case: integrals in both arms of an if/else (gauss_kronrod<double, 21> in
// one, gauss<double, 15> in the other) chosen by an inactive flag and by a
// comparison of active values; forward and reverse on both paths
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

double model(double k, double b, int mode) {
  double r;
  if (mode == 0 || k > b) {
    r = gauss_kronrod<double, 21>::integrate(
        [k](double x) { return std::atan(k * x); }, 0.0, b, 15, 1e-10);
  } else {
    r = gauss<double, 15>::integrate(
        [&k, b](double x) { return std::cosh(k * x) / (1.0 + b); }, -b, b);
  }
  return r * r;
}

int main() {
  const double b = 1.1;
  for (int mode = 0; mode < 2; ++mode) {
    for (double k : {0.6, 1.5}) {
      auto [v, dk, db] = ddx::gradient(model, ddx::active(k), ddx::active(b), mode);
      auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), b, mode);
      auto [v2, tb] = ddx::derivative(model, k, ddx::dual(b, 1.0), mode);
      check::near("value", v, model(k, b, mode), 1e-12);
      check::fd("d/dk", dk, [&](double h) { return model(k + h, b, mode); });
      check::fd("d/db", db, [&](double h) { return model(k, b + h, mode); });
      check::near("fwd vs rev k", tk, dk, 1e-10);
      check::near("fwd vs rev b", tb, db, 1e-10);
    }
  }
  return check::finish();
}
