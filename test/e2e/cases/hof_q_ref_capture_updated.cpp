// Case: a lambda capturing an active local by reference, the local changed
// between integrals (each gauss_kronrod<double, 15> call sees the current
// value), and an active bound computed after the lambda was created
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double model(double k, double b) {
  double s = k;
  auto f = [&s](double x) { return std::exp(-s * x) * (1.0 + x); };
  double I1 = gauss_kronrod<double, 15>::integrate(f, 0.0, b, 15, 1e-10);
  s = s * s + 0.5;
  double hi = b * b;
  double I2 = gauss_kronrod<double, 15>::integrate(f, 0.0, hi, 15, 1e-10);
  s = std::sin(s);
  double I3 = gauss_kronrod<double, 15>::integrate(f, 0.0, 1.0, 15, 1e-10);
  return I1 * I2 + I3;
}

int main() {
  const double k = 0.7, b = 1.2;
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
