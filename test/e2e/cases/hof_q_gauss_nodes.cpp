// Case: gauss<double, N> for N = 7, 10, 20, 30 on [a, b] with active bounds
// and captures, and the [-1, 1] overload (no bounds) with a lambda held in a
// local variable; forward and reverse
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss;

double model(double k, double a, double b) {
  auto f = [k](double x) { return std::exp(-k * x) * (1.0 + x); };
  return gauss<double, 7>::integrate(f, a, b) + 2.0 * gauss<double, 10>::integrate(f, a, b) -
         gauss<double, 20>::integrate(f, a, b) + gauss<double, 30>::integrate(f, a, b);
}

double unit(double k, double c) {
  auto g = [&k, c](double x) { return std::cos(k * x) * std::exp(c * x); };
  double L1 = 0.0;
  double I = gauss<double, 20>::integrate(g, &L1);
  return I + gauss<double, 10>::integrate(g);
}

int main() {
  const double k = 0.7, a = -0.5, b = 1.2, c = 0.3;
  {
    auto [v, dk, da, db] =
        ddx::gradient(model, ddx::active(k), ddx::active(a), ddx::active(b));
    auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), a, b);
    auto [v2, ta] = ddx::derivative(model, k, ddx::dual(a, 1.0), b);
    auto [v3, tb] = ddx::derivative(model, k, a, ddx::dual(b, 1.0));
    check::near("model value", v, model(k, a, b), 1e-12);
    check::fd("model d/dk", dk, [&](double h) { return model(k + h, a, b); });
    check::fd("model d/da", da, [&](double h) { return model(k, a + h, b); });
    check::fd("model d/db", db, [&](double h) { return model(k, a, b + h); });
    check::near("model fwd vs rev k", tk, dk, 1e-10);
    check::near("model fwd vs rev a", ta, da, 1e-10);
    check::near("model fwd vs rev b", tb, db, 1e-10);
  }
  {
    auto [v, dk, dc] = ddx::gradient(unit, ddx::active(k), ddx::active(c));
    auto [v1, tk] = ddx::derivative(unit, ddx::dual(k, 1.0), c);
    auto [v2, tc] = ddx::derivative(unit, k, ddx::dual(c, 1.0));
    check::near("unit value", v, unit(k, c), 1e-12);
    check::fd("unit d/dk", dk, [&](double h) { return unit(k + h, c); });
    check::fd("unit d/dc", dc, [&](double h) { return unit(k, c + h); });
    check::near("unit fwd vs rev k", tk, dk, 1e-10);
    check::near("unit fwd vs rev c", tc, dc, 1e-10);
  }
  return check::finish();
}
