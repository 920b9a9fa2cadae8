// Case: request targets other than plain functions: a lambda in a variable
// and one written in place (gauss_kronrod), and a function template
// specialisation tmodel<double> (gauss_kronrod<Real, 15>, tanh_sinh<Real>)
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

template <class Real> Real shape(Real x, Real k) { return std::exp(-k * x * x) * (1 + x); }

template <class Real> Real tmodel(Real k, Real b) {
  Real I = gauss_kronrod<Real, 15>::integrate(
      [k](Real x) { return shape<Real>(x, k); }, Real(0), b, 15, Real(1e-10));
  tanh_sinh<Real> ts;
  Real J = ts.integrate([&k](Real x) { return shape<Real>(x, k) * x; }, -b, b,
                        Real(1e-10));
  return I * J;
}

int main() {
  const double k = 1.2, b = 0.9;
  auto model = [](double k, double b) {
    return gauss_kronrod<double, 21>::integrate(
        [k](double x) { return 1.0 / (1.0 + k * x * x); }, 0.0, b, 15, 1e-10);
  };
  {
    auto [v, dk, db] = ddx::gradient(model, ddx::active(k), ddx::active(b));
    auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), b);
    auto [v2, tb] = ddx::derivative(model, k, ddx::dual(b, 1.0));
    check::near("value", v, model(k, b), 1e-12);
    check::near("value exact", v, std::atan(std::sqrt(k) * b) / std::sqrt(k), 1e-10);
    check::fd("d/dk", dk, [&](double h) { return model(k + h, b); });
    check::fd("d/db", db, [&](double h) { return model(k, b + h); });
    check::near("fwd vs rev k", tk, dk, 1e-10);
    check::near("fwd vs rev b", tb, db, 1e-10);
  }
  {
    auto [v, dk] = ddx::gradient(
        [](double k) {
          return gauss_kronrod<double, 15>::integrate(
              [&k](double x) { return std::exp(k * x); }, 0.0, 1.0, 15, 1e-10);
        },
        ddx::active(k));
    auto [v1, tk] = ddx::derivative(
        [](double k) {
          return gauss_kronrod<double, 15>::integrate(
              [k](double x) { return std::exp(k * x); }, 0.0, 1.0, 15, 1e-10);
        },
        ddx::dual(k, 1.0));
    auto exact = [](double k) { return (std::exp(k) - 1.0) / k; };
    check::near("inline value", v, exact(k), 1e-12);
    check::near("inline fwd value", v1, exact(k), 1e-12);
    check::fd("inline d/dk", dk, [&](double h) { return exact(k + h); });
    check::near("inline fwd vs rev", tk, dk, 1e-10);
  }
  {
    const double k = 0.8, b = 1.5;
    auto [v, dk, db] = ddx::gradient(tmodel<double>, ddx::active(k), ddx::active(b));
    auto [v1, tk] = ddx::derivative(tmodel<double>, ddx::dual(k, 1.0), b);
    auto [v2, tb] = ddx::derivative(tmodel<double>, k, ddx::dual(b, 1.0));
    check::near("template value", v, tmodel<double>(k, b), 1e-12);
    check::fd("template d/dk", dk, [&](double h) { return tmodel<double>(k + h, b); });
    check::fd("template d/db", db, [&](double h) { return tmodel<double>(k, b + h); });
    check::near("template fwd vs rev k", tk, dk, 1e-10);
    check::near("template fwd vs rev b", tb, db, 1e-10);
  }
  return check::finish();
}
