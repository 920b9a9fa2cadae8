// Case: a lambda held in a local variable, passed through a template
// parameter F of a helper to gauss_kronrod<double, 31>, where the helper
// also calls F directly; active capture and active upper bound
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

template <class F> double area_plus_end(F f, double b) {
  double I = gauss_kronrod<double, 31>::integrate(f, 0.0, b, 15, 1e-10);
  return I + f(b) * 0.25;
}

double model(double k, double b) {
  auto g = [k](double x) { return std::tanh(k * x) + 0.1 * x; };
  return area_plus_end(g, b);
}

int main() {
  const double k = 1.3, b = 1.6;
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
