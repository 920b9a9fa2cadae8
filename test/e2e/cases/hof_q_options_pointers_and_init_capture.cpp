// Case: error outputs passed to option parameters (Boost's `error`, a user
// DDX_OPTION pointer), from a local and from a parameter, are not active
// and need no shadow; a lambda with an init-capture computed from an active
// value, integrated in reverse mode; a local constexpr tolerance folded
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double noisy(double x, DDX_OPTION double *err) {
  if (err)
    *err = 1e-3;
  return std::sin(x);
}

double with_local_error(double k) {
  double err = 0.0;
  double I = gauss_kronrod<double, 15>::integrate(
      [k](double x) { return std::exp(-k * x); }, 0.0, 1.0, 15, 1e-10, &err);
  return I + noisy(k, &err);
}

double with_error_param(double k, double *err) {
  return gauss_kronrod<double, 15>::integrate(
             [k](double x) { return std::exp(-k * x * x); }, 0.0, 1.0, 15,
             1e-10, err) +
         noisy(k, err);
}

double init_capture(double k) {
  constexpr double tol = 1e-10;
  return gauss_kronrod<double, 15>::integrate(
      [c = 2.0 * k * k](double x) { return std::cos(c * x); }, 0.0, 1.0, 15,
      tol);
}

int main() {
  const double k = 1.2;
  {
    auto [v, dk] = ddx::gradient(with_local_error, ddx::active(k));
    auto [v1, tk] = ddx::derivative(with_local_error, ddx::dual(k, 1.0));
    check::fd("local error/k", dk,
              [&](double h) { return with_local_error(k + h); });
    check::near("local error fwd vs rev", tk, dk, 1e-10);
  }
  {
    double err = 0;
    auto [v, dk] = ddx::gradient(with_error_param, ddx::active(k), &err);
    auto [v1, tk] = ddx::derivative(with_error_param, ddx::dual(k, 1.0), &err);
    check::fd("error param/k", dk,
              [&](double h) { return with_error_param(k + h, &err); });
    check::near("error param fwd vs rev", tk, dk, 1e-10);
    check::near("error param written", err, 1e-3);
  }
  {
    auto [v, dk] = ddx::gradient(init_capture, ddx::active(k));
    auto [v1, tk] = ddx::derivative(init_capture, ddx::dual(k, 1.0));
    check::fd("init capture/k", dk,
              [&](double h) { return init_capture(k + h); });
    check::near("init capture fwd vs rev", tk, dk, 1e-10);
  }
  return check::finish();
}
