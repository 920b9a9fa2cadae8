// Case: a named free function passed by name to gauss_kronrod<double, 21>
// (no captures: only the bounds are active), once directly and once through
// a template pass-through helper; forward and reverse
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double bump(double x) { return std::exp(-x * x) * (1.0 + 0.3 * x); }

template <class F> double integrate_on(F f, double a, double b) {
  return gauss_kronrod<double, 21>::integrate(f, a, b, 15, 1e-10);
}

double direct(double a, double b) {
  return gauss_kronrod<double, 21>::integrate(bump, a, b, 15, 1e-10);
}

double via_helper(double a, double w) { return integrate_on(bump, a, a + w) * w; }

int main() {
  const double a = -0.3, b = 1.1, w = 0.8;
  {
    auto [v, da, db] = ddx::gradient(direct, ddx::active(a), ddx::active(b));
    auto [v1, ta] = ddx::derivative(direct, ddx::dual(a, 1.0), b);
    auto [v2, tb] = ddx::derivative(direct, a, ddx::dual(b, 1.0));
    check::near("direct value", v, direct(a, b), 1e-12);
    check::fd("direct/da", da, [&](double h) { return direct(a + h, b); });
    check::fd("direct/db", db, [&](double h) { return direct(a, b + h); });
    check::near("direct fwd vs rev a", ta, da, 1e-10);
    check::near("direct fwd vs rev b", tb, db, 1e-10);
  }
  {
    auto [v, da, dw] = ddx::gradient(via_helper, ddx::active(a), ddx::active(w));
    auto [v1, ta] = ddx::derivative(via_helper, ddx::dual(a, 1.0), w);
    auto [v2, tw] = ddx::derivative(via_helper, a, ddx::dual(w, 1.0));
    check::near("helper value", v, via_helper(a, w), 1e-12);
    check::fd("helper/da", da, [&](double h) { return via_helper(a + h, w); });
    check::fd("helper/dw", dw, [&](double h) { return via_helper(a, w + h); });
    check::near("helper fwd vs rev a", ta, da, 1e-10);
    check::near("helper fwd vs rev w", tw, dw, 1e-10);
  }
  return check::finish();
}
