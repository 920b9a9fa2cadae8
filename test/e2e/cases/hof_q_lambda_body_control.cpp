// Case: integrand lambdas with control flow in their bodies (locals, an
// early return, a loop with a running product), integrated by
// gauss_kronrod<double, 21> and tanh_sinh; forward and reverse
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

double model(double k, double c) {
  auto f = [k, c](double x) {
    double y = k * x;
    if (x > 10.0)
      return 0.0; // never taken on [0, 2]
    double p = 1.0, s = 0.0;
    for (int i = 0; i < 5; ++i) {
      p *= y / (i + 1);
      s += p;
    }
    return s * std::exp(-c * x);
  };
  tanh_sinh<double> ts;
  auto g = [&c](double x) {
    double t = std::sin(c * x);
    t = t * t;
    return t + x;
  };
  return gauss_kronrod<double, 21>::integrate(f, 0.0, 2.0, 15, 1e-10) *
         ts.integrate(g, 0.0, 1.0, 1e-10);
}

int main() {
  const double k = 0.9, c = 0.7;
  auto [v, dk, dc] = ddx::gradient(model, ddx::active(k), ddx::active(c));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), c);
  auto [v2, tc] = ddx::derivative(model, k, ddx::dual(c, 1.0));
  check::near("value", v, model(k, c), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h, c); });
  check::fd("d/dc", dc, [&](double h) { return model(k, c + h); });
  check::near("fwd vs rev k", tk, dk, 1e-10);
  check::near("fwd vs rev c", tc, dc, 1e-10);
  return check::finish();
}
