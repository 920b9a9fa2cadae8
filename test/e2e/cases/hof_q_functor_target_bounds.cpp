// Case: a functor (inactive tol/depth members as options) as the request
// target, with gauss_kronrod<double, 21>; and only the bounds active while
// lambdas capture an inactive value (gauss_kronrod, exp_sinh: Leibniz only)
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/exp_sinh.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <limits>
#include "check.hpp"
using namespace boost::math::quadrature;

struct Model {
  double tol;
  unsigned depth;
  double operator()(double k, double b) const {
    return gauss_kronrod<double, 21>::integrate(
        [k](double x) { return std::exp(-k * x * x); }, 0.0, b, depth, tol);
  }
};

double split(double k, double b) {
  exp_sinh<double> es;
  return gauss_kronrod<double, 15>::integrate(
             [k](double x) { return std::exp(k * x); }, 0.0, b, 15, 1e-10) +
         es.integrate([k](double x) { return std::exp(-k * x); }, b,
                      std::numeric_limits<double>::infinity(), 1e-10);
}

int main() {
  const double k = 0.7, b = 0.9;
  {
    const Model m{1e-10, 15};
    auto [v, dk, db] = ddx::gradient(m, ddx::active(k), ddx::active(b));
    auto [v1, tk] = ddx::derivative(m, ddx::dual(k, 1.0), b);
    auto [v2, tb] = ddx::derivative(m, k, ddx::dual(b, 1.0));
    check::near("functor value", v, m(k, b), 1e-12);
    check::fd("functor d/dk", dk, [&](double h) { return m(k + h, b); });
    check::fd("functor d/db", db, [&](double h) { return m(k, b + h); });
    check::near("functor fwd vs rev k", tk, dk, 1e-10);
    check::near("functor fwd vs rev b", tb, db, 1e-10);
  }
  {
    auto [v, db] = ddx::gradient(split, k, ddx::active(b));
    auto [v1, tb] = ddx::derivative(split, k, ddx::dual(b, 1.0));
    check::near("split value", v, split(k, b), 1e-12);
    check::near("split fwd value", v1, split(k, b), 1e-12);
    check::fd("split d/db", db, [&](double h) { return split(k, b + h); });
    check::near("split d/db exact", db, std::exp(k * b) - std::exp(-k * b), 1e-12);
    check::near("split fwd vs rev", tb, db, 1e-12);
  }
  return check::finish();
}
