// Case: a helper that copies its callable parameter into a local (auto g =
// f) before integrating it with gauss<double, 20> and gauss_kronrod<double,
// 15>; a named function and a capturing lambda go through it
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

template <class F> double both(F f, double b) {
  auto g = f;
  return gauss<double, 20>::integrate(g, 0.0, b) +
         gauss_kronrod<double, 15>::integrate(g, 0.0, b, 15, 1e-10);
}

double ramp(double x) { return x * std::exp(-x); }

double model(double k, double b) {
  return both(ramp, b) * both([k](double x) { return std::sin(k * x); }, b);
}

int main() {
  const double k = 1.1, b = 1.7;
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
