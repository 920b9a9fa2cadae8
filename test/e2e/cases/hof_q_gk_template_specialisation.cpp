// Case: function template specialisations (integrand<2>, integrand<3>)
// passed by name to gauss_kronrod<double, 15> with active bounds, and a
// template specialisation called from a capturing lambda
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

template <int P> double integrand(double x) {
  double r = 1.0;
  for (int i = 0; i < P; ++i)
    r *= std::sin(x);
  return r;
}

template <class T> T weight(T x, T k) { return std::exp(-k * x); }

double model(double a, double b) {
  double I2 = gauss_kronrod<double, 15>::integrate(integrand<2>, a, b, 15, 1e-10);
  double I3 = gauss_kronrod<double, 15>::integrate(integrand<3>, a, b, 15, 1e-10);
  return I2 - 0.5 * I3;
}

double weighted(double k, double b) {
  return gauss_kronrod<double, 15>::integrate(
      [k](double x) { return weight<double>(x, k) * integrand<2>(x); }, 0.0, b,
      15, 1e-10);
}

int main() {
  const double a = 0.2, b = 1.4, k = 0.9;
  {
    auto [v, da, db] = ddx::gradient(model, ddx::active(a), ddx::active(b));
    auto [v1, ta] = ddx::derivative(model, ddx::dual(a, 1.0), b);
    auto [v2, tb] = ddx::derivative(model, a, ddx::dual(b, 1.0));
    check::near("model value", v, model(a, b), 1e-12);
    check::fd("model/da", da, [&](double h) { return model(a + h, b); });
    check::fd("model/db", db, [&](double h) { return model(a, b + h); });
    check::near("model fwd vs rev a", ta, da, 1e-10);
    check::near("model fwd vs rev b", tb, db, 1e-10);
  }
  {
    auto [v, dk, db] = ddx::gradient(weighted, ddx::active(k), ddx::active(b));
    auto [v1, tk] = ddx::derivative(weighted, ddx::dual(k, 1.0), b);
    auto [v2, tb] = ddx::derivative(weighted, k, ddx::dual(b, 1.0));
    check::near("weighted value", v, weighted(k, b), 1e-12);
    check::fd("weighted/dk", dk, [&](double h) { return weighted(k + h, b); });
    check::fd("weighted/db", db, [&](double h) { return weighted(k, b + h); });
    check::near("weighted fwd vs rev k", tk, dk, 1e-10);
    check::near("weighted fwd vs rev b", tb, db, 1e-10);
  }
  return check::finish();
}
