// Case: a plain struct of parameters with active members, captured by value
// and by reference by lambdas integrated with gauss_kronrod<double, 15> and
// gauss<double, 20>; the struct is passed by const reference
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

struct params {
  double rate;
  double shift;
};

double integral(const params &p) {
  double I = gauss_kronrod<double, 15>::integrate(
      [p](double x) { return std::exp(-p.rate * x) * std::cos(x - p.shift); }, 0.0,
      2.0, 15, 1e-10);
  double J = gauss<double, 20>::integrate(
      [&p](double x) { return p.rate * x + std::sin(p.shift * x); }, 0.0, 1.0);
  return I * J;
}

double model(double r, double s) {
  params p{r, s};
  return integral(p);
}

int main() {
  const double r = 0.7, s = 0.3;
  auto [v, dr, ds] = ddx::gradient(model, ddx::active(r), ddx::active(s));
  auto [v1, tr] = ddx::derivative(model, ddx::dual(r, 1.0), s);
  auto [v2, ts] = ddx::derivative(model, r, ddx::dual(s, 1.0));
  check::near("value", v, model(r, s), 1e-12);
  check::fd("d/dr", dr, [&](double h) { return model(r + h, s); });
  check::fd("d/ds", ds, [&](double h) { return model(r, s + h); });
  check::near("fwd vs rev r", tr, dr, 1e-10);
  check::near("fwd vs rev s", ts, ds, 1e-10);
  return check::finish();
}
