// Case: a helper's DDX_OPTION tol/depth passed to gauss_kronrod<double, 15>
// (folded when constant, passed at run time otherwise); active values given
// to an option (the helper's, Boost's own tol, tanh_sinh's) are detached
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

template <class F>
double integrate(F f, double a, double b, DDX_OPTION double tol,
                 DDX_OPTION unsigned depth) {
  return gauss_kronrod<double, 15>::integrate(f, a, b, depth, tol);
}

double model(double k, DDX_OPTION double tol) {
  return integrate([k](double x) { return std::exp(-k * x * x); }, 0.0, 1.5, tol, 15);
}

// An active value reaches the option: ddx detaches it (with a warning).
double detached(double k) {
  return integrate([k](double x) { return std::cos(k * x); }, 0.0, 1.0,
                   1e-10 * (1.0 + k * k), 15);
}

// An active tolerance given to Boost's own options.
double boost_detached(double k) {
  double tol = 1e-11 * (1.0 + k * k);
  double I = gauss_kronrod<double, 15>::integrate(
      [k](double x) { return std::exp(k * x); }, 0.0, 1.0, 15, tol);
  tanh_sinh<double> ts;
  double J = ts.integrate([k](double x) { return std::cos(k * x); }, 0.0, 1.0, tol);
  return I + J;
}

int main() {
  const double k = 0.9, tol = 1e-10;
  {
    auto [v, dk] = ddx::gradient(model, ddx::active(k), tol);
    auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), tol);
    check::near("model value", v, model(k, tol), 1e-12);
    check::fd("model d/dk", dk, [&](double h) { return model(k + h, tol); });
    check::near("model fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [v, dk] = ddx::gradient(model, ddx::active(k), ddx::constant(1e-11));
    auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), ddx::constant(1e-11));
    check::fd("folded d/dk", dk, [&](double h) { return model(k + h, 1e-11); });
    check::near("folded fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [v, dk] = ddx::gradient(detached, ddx::active(k));
    auto [v1, tk] = ddx::derivative(detached, ddx::dual(k, 1.0));
    check::near("detached value", v, detached(k), 1e-12);
    check::fd("detached d/dk", dk, [&](double h) { return detached(k + h); });
    check::near("detached fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [v, dk] = ddx::gradient(boost_detached, ddx::active(k));
    auto [v1, tk] = ddx::derivative(boost_detached, ddx::dual(k, 1.0));
    double exact = (std::exp(k) * (k - 1.0) + 1.0) / (k * k) +
                   (k * std::cos(k) - std::sin(k)) / (k * k);
    check::near("boost detached value", v, boost_detached(k), 1e-12);
    check::near("boost detached d/dk exact", dk, exact, 1e-9);
    check::fd("boost detached d/dk", dk, [&](double h) { return boost_detached(k + h); });
    check::near("boost detached fwd vs rev", tk, dk, 1e-10);
  }
  return check::finish();
}
