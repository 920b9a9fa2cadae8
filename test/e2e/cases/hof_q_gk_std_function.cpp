// Case: a capturing lambda converted to a std::function parameter of a
// helper that integrates it with gauss_kronrod<double, 21>; also a named
// function converted to std::function; forward and reverse
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <functional>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double integrate01(std::function<double(double)> f, double b) {
  return gauss_kronrod<double, 21>::integrate(f, 0.0, b, 15, 1e-10);
}

double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }

double model(double k, double m) {
  return integrate01([k, &m](double x) { return std::log(1.0 + k * x * x) * m; },
                     1.5);
}

double named(double b) { return integrate01(logistic, b); }

int main() {
  const double k = 0.7, m = 1.4, b = 2.2;
  {
    auto [v, dk, dm] = ddx::gradient(model, ddx::active(k), ddx::active(m));
    auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), m);
    auto [v2, tm] = ddx::derivative(model, k, ddx::dual(m, 1.0));
    check::near("model value", v, model(k, m), 1e-12);
    check::fd("model/dk", dk, [&](double h) { return model(k + h, m); });
    check::fd("model/dm", dm, [&](double h) { return model(k, m + h); });
    check::near("model fwd vs rev k", tk, dk, 1e-10);
    check::near("model fwd vs rev m", tm, dm, 1e-10);
  }
  {
    auto [v, db] = ddx::gradient(named, ddx::active(b));
    auto [v1, tb] = ddx::derivative(named, ddx::dual(b, 1.0));
    check::near("named value", v, named(b), 1e-12);
    check::fd("named/db", db, [&](double h) { return named(b + h); });
    check::near("named/db = logistic(b)", db, logistic(b), 1e-12);
    check::near("named fwd vs rev", tb, db, 1e-10);
  }
  return check::finish();
}
