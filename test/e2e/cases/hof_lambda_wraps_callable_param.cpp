// Case: a helper specialised on its callable wraps that callable in a lambda
// of its own (weighting it, shifting it) and integrates the wrapper or calls
// it; the wrapper is specialised on the same concrete callable, so the
// derivative flows through both. Lambdas with captures, a named function
// and std::function parameters; forward and reverse
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <functional>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

template <class F> double moment(F f, double tol) {
  auto w = [&f](double x) { return f(x) * x; };
  return gauss_kronrod<double, 15>::integrate(w, 0.0, 1.0, 10, tol);
}

double shifted_sum(std::function<double(double)> f, double s) {
  auto g = [f, s](double x) { return f(x + s); };
  return g(0.1) + g(0.2) + gauss_kronrod<double, 15>::integrate(g, 0.0, 1.0);
}

double bump(double x) { return std::exp(-x * x); }

double model(double k, double s) {
  return moment([k](double x) { return std::exp(-k * x); }, 1e-10) +
         shifted_sum([&k](double x) { return std::sin(k * x); }, s) +
         shifted_sum(bump, s * k);
}

int main() {
  const double k = 1.5, s = 0.3;
  auto [y, dk, ds] = ddx::gradient(model, ddx::active(k), ddx::active(s));
  auto [y1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), s);
  auto [y2, ts] = ddx::derivative(model, k, ddx::dual(s, 1.0));
  check::near("value", y, model(k, s));
  check::fd("dmodel/dk", dk, [&](double h) { return model(k + h, s); });
  check::fd("dmodel/ds", ds, [&](double h) { return model(k, s + h); });
  check::near("fwd vs rev k", tk, dk, 1e-10);
  check::near("fwd vs rev s", ts, ds, 1e-10);
  return check::finish();
}
