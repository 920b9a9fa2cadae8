// Case: every shipped Boost.Math quadrature rule (tanh_sinh, exp_sinh,
// sinh_sinh, gauss), forward and reverse, with active captures and bounds
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/quadrature/exp_sinh.hpp>
#include <boost/math/quadrature/sinh_sinh.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <cmath>
#include <cstdio>
#include "check.hpp"
using namespace boost::math::quadrature;

double ts(double k, double a, double b) {
  tanh_sinh<double> integrator;
  return integrator.integrate([k](double x) { return std::exp(-k * x) * x; }, a, b, 1e-9);
}
double es(double k, double a) {
  exp_sinh<double> integrator;
  double inf = std::numeric_limits<double>::infinity();
  return integrator.integrate([k](double x) { return std::exp(-k * x * x); }, a, inf);
}
double ss(double k) {
  sinh_sinh<double> integrator;
  return integrator.integrate([&k](double x) { return std::exp(-k * x * x); });
}
double ga(double k, double a, double b) {
  return gauss<double, 20>::integrate([k](double x) { return std::sin(k * x); }, a, b);
}
int main() {
  {
    auto [v, dk, da, db] = ddx::gradient(ts, ddx::active(1.5), ddx::active(0.2), ddx::active(2.0));
    auto [v1, tk] = ddx::derivative(ts, ddx::dual(1.5, 1.0), 0.2, 2.0);
    check::near("ts", v, ts(1.5, 0.2, 2.0));
    check::fd("ts/k", dk, [&](double h) { return ts(1.5 + h, 0.2, 2.0); });
    check::fd("ts/a", da, [&](double h) { return ts(1.5, 0.2 + h, 2.0); });
    check::fd("ts/b", db, [&](double h) { return ts(1.5, 0.2, 2.0 + h); });
    check::near("ts fwd rev", tk, dk, 1e-10);
  }
  {
    auto [v, dk, da] = ddx::gradient(es, ddx::active(1.5), ddx::active(0.3));
    auto [v1, tk] = ddx::derivative(es, ddx::dual(1.5, 1.0), 0.3);
    check::fd("es/k", dk, [&](double h) { return es(1.5 + h, 0.3); });
    check::fd("es/a", da, [&](double h) { return es(1.5, 0.3 + h); });
    check::near("es fwd rev", tk, dk, 1e-10);
  }
  {
    auto [v, dk] = ddx::gradient(ss, ddx::active(1.5));
    auto [v1, tk] = ddx::derivative(ss, ddx::dual(1.5, 1.0));
    check::fd("ss/k", dk, [&](double h) { return ss(1.5 + h); });
    check::near("ss fwd rev", tk, dk, 1e-10);
  }
  {
    auto [v, dk, da, db] = ddx::gradient(ga, ddx::active(1.5), ddx::active(0.2), ddx::active(2.0));
    auto [v1, tk] = ddx::derivative(ga, ddx::dual(1.5, 1.0), 0.2, 2.0);
    check::fd("ga/k", dk, [&](double h) { return ga(1.5 + h, 0.2, 2.0); });
    check::fd("ga/a", da, [&](double h) { return ga(1.5, 0.2 + h, 2.0); });
    check::fd("ga/b", db, [&](double h) { return ga(1.5, 0.2, 2.0 + h); });
    check::near("ga fwd rev", tk, dk, 1e-10);
  }
  return check::finish();
}
