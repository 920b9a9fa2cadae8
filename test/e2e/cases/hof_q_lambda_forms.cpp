// Case: default captures ([=], [&]) with gauss_kronrod<double, 15> and
// tanh_sinh, a [&] lambda integrating a [=] lambda, and a generic lambda
// ([k](auto x)) also given to gauss<double, 20> through a template helper
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

double by_copy(double k, double m) {
  return gauss_kronrod<double, 15>::integrate(
      [=](double x) { return std::exp(-k * x) * (m + x); }, 0.0, 1.5, 15, 1e-10);
}

double by_ref(double k, double m) {
  tanh_sinh<double> ts;
  return ts.integrate([&](double x) { return std::sin(k * x + m); }, 0.0, 1.5, 1e-10);
}

double nested_defaults(double k) {
  return gauss_kronrod<double, 15>::integrate(
      [&](double x) {
        return gauss_kronrod<double, 15>::integrate(
            [=](double y) { return std::exp(-k * x * y); }, 0.0, 1.0, 10, 1e-11);
      },
      0.0, 1.0, 10, 1e-10);
}

template <class F> double twice(F f, double b) {
  return 2.0 * gauss<double, 20>::integrate(f, 0.0, b);
}

double generic(double k, double b) {
  auto f = [k](auto x) { return std::exp(-k * x) * std::sin(x); };
  return gauss_kronrod<double, 15>::integrate(f, 0.0, b, 15, 1e-10) + twice(f, b);
}

int main() {
  const double k = 0.8, m = 0.4;
  {
    auto [v, dk, dm] = ddx::gradient(by_copy, ddx::active(k), ddx::active(m));
    auto [v1, tk] = ddx::derivative(by_copy, ddx::dual(k, 1.0), m);
    auto [v2, tm] = ddx::derivative(by_copy, k, ddx::dual(m, 1.0));
    check::near("copy value", v, by_copy(k, m), 1e-12);
    check::fd("copy d/dk", dk, [&](double h) { return by_copy(k + h, m); });
    check::fd("copy d/dm", dm, [&](double h) { return by_copy(k, m + h); });
    check::near("copy fwd vs rev k", tk, dk, 1e-10);
    check::near("copy fwd vs rev m", tm, dm, 1e-10);
  }
  {
    auto [v, dk, dm] = ddx::gradient(by_ref, ddx::active(k), ddx::active(m));
    auto [v1, tk] = ddx::derivative(by_ref, ddx::dual(k, 1.0), m);
    auto [v2, tm] = ddx::derivative(by_ref, k, ddx::dual(m, 1.0));
    check::near("ref value", v, by_ref(k, m), 1e-12);
    check::fd("ref d/dk", dk, [&](double h) { return by_ref(k + h, m); });
    check::fd("ref d/dm", dm, [&](double h) { return by_ref(k, m + h); });
    check::near("ref fwd vs rev k", tk, dk, 1e-10);
    check::near("ref fwd vs rev m", tm, dm, 1e-10);
  }
  {
    auto [v, dk] = ddx::gradient(nested_defaults, ddx::active(k));
    auto [v1, tk] = ddx::derivative(nested_defaults, ddx::dual(k, 1.0));
    check::near("nested value", v, nested_defaults(k), 1e-12);
    check::fd("nested d/dk", dk, [&](double h) { return nested_defaults(k + h); });
    check::near("nested fwd vs rev", tk, dk, 1e-10);
  }
  {
    const double b = 2.1;
    auto [v, dk, db] = ddx::gradient(generic, ddx::active(k), ddx::active(b));
    auto [v1, tk] = ddx::derivative(generic, ddx::dual(k, 1.0), b);
    auto [v2, tb] = ddx::derivative(generic, k, ddx::dual(b, 1.0));
    check::near("generic value", v, generic(k, b), 1e-12);
    check::fd("generic d/dk", dk, [&](double h) { return generic(k + h, b); });
    check::fd("generic d/db", db, [&](double h) { return generic(k, b + h); });
    check::near("generic fwd vs rev k", tk, dk, 1e-10);
    check::near("generic fwd vs rev b", tb, db, 1e-10);
  }
  return check::finish();
}
