// Case: a lambda whose body calls named functions (one with a loop, one
// taking the active capture by const reference), integrated by
// gauss_kronrod<double, 31>; forward and reverse
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double horner(double x, double c) {
  double r = 0.0;
  for (int i = 0; i < 4; ++i)
    r = r * x + c / (i + 1);
  return r;
}

double damp(const double &k, double x) { return std::exp(-k * x) * std::cos(x); }

double model(double k, double c) {
  return gauss_kronrod<double, 31>::integrate(
      [k, c](double x) { return horner(x, c) * damp(k, x); }, 0.0, 2.5, 15, 1e-10);
}

int main() {
  const double k = 0.5, c = 1.5;
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
