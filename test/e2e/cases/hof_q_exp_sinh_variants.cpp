// Case: exp_sinh on [0, inf) (no bounds), on [a, inf) and on (-inf, b] with
// the finite bound active; named free function and capturing lambda
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/exp_sinh.hpp>
#include <cmath>
#include <limits>
#include "check.hpp"
using boost::math::quadrature::exp_sinh;

double decay(double x) { return std::exp(-x) / (1.0 + x * x); }

double zero_inf(double k, double c) {
  exp_sinh<double> integrator;
  return integrator.integrate([k, c](double x) { return std::exp(-k * x) * std::cos(c * x); },
                              1e-10);
}

double from_a(double a) {
  exp_sinh<double> integrator;
  return integrator.integrate(decay, a, std::numeric_limits<double>::infinity(), 1e-10);
}

double to_b(double k, double b) {
  exp_sinh<double> integrator;
  const double inf = std::numeric_limits<double>::infinity();
  return integrator.integrate([&k](double x) { return std::exp(k * x) * (2.0 + std::sin(x)); },
                              -inf, b, 1e-10);
}

int main() {
  const double k = 1.1, c = 0.6, a = 0.5, b = 0.3;
  {
    auto [v, dk, dc] = ddx::gradient(zero_inf, ddx::active(k), ddx::active(c));
    auto [v1, tk] = ddx::derivative(zero_inf, ddx::dual(k, 1.0), c);
    auto [v2, tc] = ddx::derivative(zero_inf, k, ddx::dual(c, 1.0));
    check::near("zero_inf value", v, zero_inf(k, c), 1e-12);
    check::near("zero_inf exact", v, k / (k * k + c * c), 1e-9);
    check::fd("zero_inf d/dk", dk, [&](double h) { return zero_inf(k + h, c); });
    check::fd("zero_inf d/dc", dc, [&](double h) { return zero_inf(k, c + h); });
    check::near("zero_inf fwd vs rev k", tk, dk, 1e-10);
    check::near("zero_inf fwd vs rev c", tc, dc, 1e-10);
  }
  {
    auto [v, da] = ddx::gradient(from_a, ddx::active(a));
    auto [v1, ta] = ddx::derivative(from_a, ddx::dual(a, 1.0));
    check::near("from_a value", v, from_a(a), 1e-12);
    check::fd("from_a d/da", da, [&](double h) { return from_a(a + h); });
    check::near("from_a d/da = -decay(a)", da, -decay(a), 1e-12);
    check::near("from_a fwd vs rev", ta, da, 1e-10);
  }
  {
    auto [v, dk, db] = ddx::gradient(to_b, ddx::active(k), ddx::active(b));
    auto [v1, tk] = ddx::derivative(to_b, ddx::dual(k, 1.0), b);
    auto [v2, tb] = ddx::derivative(to_b, k, ddx::dual(b, 1.0));
    check::near("to_b value", v, to_b(k, b), 1e-12);
    check::fd("to_b d/dk", dk, [&](double h) { return to_b(k + h, b); });
    check::fd("to_b d/db", db, [&](double h) { return to_b(k, b + h); });
    check::near("to_b fwd vs rev k", tk, dk, 1e-10);
    check::near("to_b fwd vs rev b", tb, db, 1e-10);
  }
  return check::finish();
}
