// Case: tol and depth as target parameters given as ddx::constant(...), as
// literals (folded), as plain variables, and from an inactive options struct
// by const reference; gauss_kronrod<double, 31> and exp_sinh, fwd and rev
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/exp_sinh.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

double model(double k, double tol, unsigned depth) {
  return gauss_kronrod<double, 31>::integrate(
      [k](double x) { return std::cos(k * x * x); }, 0.0, 2.0, depth, tol);
}

struct options {
  double tol;
  unsigned depth;
};

double model_opts(double k, const options &o) {
  exp_sinh<double> es;
  return gauss_kronrod<double, 31>::integrate(
             [k](double x) { return std::cos(k * x); }, 0.0, 1.0, o.depth, o.tol) +
         es.integrate([k](double x) { return std::exp(-k * x) * x * x; }, o.tol);
}

int main() {
  const double k = 1.1, tol = 1e-10;
  const unsigned depth = 15;
  {
    auto [v, dk] = ddx::gradient(model, ddx::active(k), ddx::constant(tol),
                                 ddx::constant(depth));
    auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), ddx::constant(tol),
                                    ddx::constant(depth));
    check::near("constant value", v, model(k, tol, depth), 1e-12);
    check::fd("constant d/dk", dk, [&](double h) { return model(k + h, tol, depth); });
    check::near("constant fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [v, dk] = ddx::gradient(model, ddx::active(k), 1e-10, 12u);
    auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), 1e-10, 12u);
    check::near("literal value", v, model(k, 1e-10, 12), 1e-12);
    check::fd("literal d/dk", dk, [&](double h) { return model(k + h, 1e-10, 12); });
    check::near("literal fwd vs rev", tk, dk, 1e-10);
  }
  {
    // A variable passed plainly: inactive, not folded.
    auto [v, dk] = ddx::gradient(model, ddx::active(k), tol, depth);
    auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), tol, depth);
    check::fd("variable d/dk", dk, [&](double h) { return model(k + h, tol, depth); });
    check::near("variable fwd vs rev", tk, dk, 1e-10);
  }
  {
    const options o{1e-10, 12};
    auto [v, dk] = ddx::gradient(model_opts, ddx::active(k), o);
    auto [v1, tk] = ddx::derivative(model_opts, ddx::dual(k, 1.0), o);
    check::near("struct value", v, model_opts(k, o), 1e-12);
    check::fd("struct d/dk", dk, [&](double h) { return model_opts(k + h, o); });
    check::near("struct fwd vs rev", tk, dk, 1e-10);
  }
  return check::finish();
}
