// Case: functor objects whose data members are active (built from active
// values): called directly, through a template helper, and passed to a
// Boost integrator; the members' derivatives flow through `self`
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"

struct Scaled {
  double k;
  double operator()(double x) const { return k * std::sin(x); }
};

struct Gaussian {
  double k, c;
  double operator()(double x) const { return std::exp(-k * x * x) + c * x; }
};

template <class F> double call(const F &f, double x) { return f(x); }

template <class F> double expectation(F f, double tol) {
  return boost::math::quadrature::gauss_kronrod<double, 15>::integrate(
      f, 0.0, 1.0, 10, tol);
}

double direct(double k, double x) {
  Scaled s{k};
  return s(x) * k + call(s, x * x);
}

double integral(double k, double c) {
  Gaussian g{k, c * c};
  return expectation(g, 1e-10) * k;
}

int main() {
  const double k = 1.3, x = 0.7, c = 0.4;
  {
    auto [y, dk, dx] = ddx::gradient(direct, ddx::active(k), ddx::active(x));
    auto [y1, tk] = ddx::derivative(direct, ddx::dual(k, 1.0), x);
    auto [y2, tx] = ddx::derivative(direct, k, ddx::dual(x, 1.0));
    check::near("direct value", y, direct(k, x));
    check::fd("direct/k", dk, [&](double h) { return direct(k + h, x); });
    check::fd("direct/x", dx, [&](double h) { return direct(k, x + h); });
    check::near("direct fwd vs rev k", tk, dk, 1e-12);
    check::near("direct fwd vs rev x", tx, dx, 1e-12);
  }
  {
    auto [y, dk, dc] = ddx::gradient(integral, ddx::active(k), ddx::active(c));
    auto [y1, tk] = ddx::derivative(integral, ddx::dual(k, 1.0), c);
    auto [y2, tc] = ddx::derivative(integral, k, ddx::dual(c, 1.0));
    check::near("integral value", y, integral(k, c));
    check::fd("integral/k", dk, [&](double h) { return integral(k + h, c); });
    check::fd("integral/c", dc, [&](double h) { return integral(k, c + h); });
    check::near("integral fwd vs rev k", tk, dk, 1e-10);
    check::near("integral fwd vs rev c", tc, dc, 1e-10);
  }
  return check::finish();
}
