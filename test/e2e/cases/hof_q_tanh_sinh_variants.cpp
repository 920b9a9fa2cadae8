// Case: tanh_sinh on a finite interval with active bounds and a
// by-reference capture, on [-1, 1] (no bounds), and on [0, inf) (the
// infinite bound is a constant); forward and reverse
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include <limits>
#include "check.hpp"
using boost::math::quadrature::tanh_sinh;

double on_ab(double k, double a, double b) {
  tanh_sinh<double> integrator;
  auto f = [&k](double x) { return std::log(1.0 + k * x * x); };
  return integrator.integrate(f, a, b, 1e-10);
}

double unit(double k) {
  tanh_sinh<double> integrator;
  return integrator.integrate([k](double x) { return std::sqrt(1.0 - x * x) * std::exp(k * x); },
                              1e-10);
}

double half_line(double k, double a) {
  tanh_sinh<double> integrator;
  return integrator.integrate([k](double x) { return std::exp(-k * x * x); }, a,
                              std::numeric_limits<double>::infinity(), 1e-10);
}

int main() {
  const double k = 1.4, a = 0.1, b = 2.0;
  {
    auto [v, dk, da, db] =
        ddx::gradient(on_ab, ddx::active(k), ddx::active(a), ddx::active(b));
    auto [v1, tk] = ddx::derivative(on_ab, ddx::dual(k, 1.0), a, b);
    auto [v2, tb] = ddx::derivative(on_ab, k, a, ddx::dual(b, 1.0));
    check::near("on_ab value", v, on_ab(k, a, b), 1e-12);
    check::fd("on_ab d/dk", dk, [&](double h) { return on_ab(k + h, a, b); });
    check::fd("on_ab d/da", da, [&](double h) { return on_ab(k, a + h, b); });
    check::fd("on_ab d/db", db, [&](double h) { return on_ab(k, a, b + h); });
    check::near("on_ab fwd vs rev k", tk, dk, 1e-10);
    check::near("on_ab fwd vs rev b", tb, db, 1e-10);
  }
  {
    auto [v, dk] = ddx::gradient(unit, ddx::active(k));
    auto [v1, tk] = ddx::derivative(unit, ddx::dual(k, 1.0));
    check::near("unit value", v, unit(k), 1e-12);
    check::fd("unit d/dk", dk, [&](double h) { return unit(k + h); });
    check::near("unit fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [v, dk, da] = ddx::gradient(half_line, ddx::active(k), ddx::active(a));
    auto [v1, tk] = ddx::derivative(half_line, ddx::dual(k, 1.0), a);
    auto [v2, ta] = ddx::derivative(half_line, k, ddx::dual(a, 1.0));
    check::near("half value", v, half_line(k, a), 1e-12);
    check::fd("half d/dk", dk, [&](double h) { return half_line(k + h, a); });
    check::fd("half d/da", da, [&](double h) { return half_line(k, a + h); });
    check::near("half fwd vs rev k", tk, dk, 1e-10);
    check::near("half fwd vs rev a", ta, da, 1e-10);
  }
  return check::finish();
}
