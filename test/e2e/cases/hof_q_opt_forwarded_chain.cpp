// Case: a DDX_OPTION tol with a default argument, forwarded through a
// std::function helper and a template helper deriving max_depth from it to
// gauss_kronrod<double, 15>; called with the default, a constexpr, a variable
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <functional>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

template <class F> double integrate(F f, DDX_OPTION double tol) {
  unsigned depth = tol < 1e-9 ? 15 : 8;
  return gauss_kronrod<double, 15>::integrate(f, 0.0, 1.0, depth, tol);
}

double expectation(std::function<double(double)> f, DDX_OPTION double tol = 1e-10) {
  return integrate(f, tol);
}

constexpr double kLoose = 1e-8;

double with_default(double k) {
  return expectation([k](double x) { return std::exp(k * x) * x; });
}
double with_constexpr(double k) {
  return expectation([&k](double x) { return std::cos(k * x); }, kLoose);
}
double with_runtime(double k, DDX_OPTION double tol) {
  return expectation([k](double x) { return 1.0 / (1.0 + k * x); }, tol);
}

int main() {
  const double k = 0.8, tol = 1e-11;
  {
    auto [v, dk] = ddx::gradient(with_default, ddx::active(k));
    auto [v1, tk] = ddx::derivative(with_default, ddx::dual(k, 1.0));
    check::near("default value", v, with_default(k), 1e-12);
    check::fd("default d/dk", dk, [&](double h) { return with_default(k + h); });
    check::near("default fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [v, dk] = ddx::gradient(with_constexpr, ddx::active(k));
    auto [v1, tk] = ddx::derivative(with_constexpr, ddx::dual(k, 1.0));
    check::near("constexpr value", v, with_constexpr(k), 1e-12);
    check::fd("constexpr d/dk", dk, [&](double h) { return with_constexpr(k + h); });
    check::near("constexpr fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [v, dk] = ddx::gradient(with_runtime, ddx::active(k), tol);
    auto [v1, tk] = ddx::derivative(with_runtime, ddx::dual(k, 1.0), tol);
    check::near("runtime value", v, with_runtime(k, tol), 1e-12);
    check::fd("runtime d/dk", dk, [&](double h) { return with_runtime(k + h, tol); });
    check::near("runtime fwd vs rev", tk, dk, 1e-10);
  }
  return check::finish();
}
