// Case: integrands that capture a pointer to active data (an array of
// coefficients, by value and by reference). In reverse mode their adjoints
// live behind the pointer, which a cotangent vector cannot hold, so the
// adjoint object has no cotangent_type and the Boost rules pull back point
// by point with each node's weight; forward mode pushes the tangents
// through the pointer. Duplicated request arguments, both modes.
#include "check.hpp"
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <ddx/ddx.hpp>

double model(const double *c) {
  return boost::math::quadrature::gauss_kronrod<double, 15>::integrate(
      [c](double x) { return c[1] * std::exp(c[0] * x); }, 0.0, 1.0, 15, 1e-10);
}
double model_ref(double *c, double b) {
  const double *p = c;
  return boost::math::quadrature::gauss<double, 10>::integrate(
      [&p](double x) { return std::sin(p[0] * x) + p[1] * x * x; }, 0.0, b);
}

int main() {
  double c[2] = {0.5, 1.5};
  {
    double dc[2] = {0.0, 0.0};
    auto [v] = ddx::gradient(model, ddx::duplicated(c, dc));
    check::near("model value", v, model(c), 1e-14);
    for (int i = 0; i < 2; ++i) {
      double t[2] = {0.0, 0.0};
      t[i] = 1.0;
      auto [v1, tv] = ddx::derivative(model, ddx::duplicated(c, t));
      auto g = [&](double h) {
        double cc[2] = {c[0], c[1]};
        cc[i] += h;
        return model(cc);
      };
      check::fd(i == 0 ? "model/c0" : "model/c1", dc[i], g);
      check::near(i == 0 ? "model/c0 fwd vs rev" : "model/c1 fwd vs rev", tv,
                  dc[i], 1e-12);
    }
  }
  {
    double dc[2] = {0.0, 0.0};
    const double b = 1.25;
    auto [v, db] =
        ddx::gradient(model_ref, ddx::duplicated(c, dc), ddx::active(b));
    auto [v1, tb] = ddx::derivative(model_ref, c, ddx::dual(b, 1.0));
    for (int i = 0; i < 2; ++i) {
      auto g = [&](double h) {
        double cc[2] = {c[0], c[1]};
        cc[i] += h;
        return model_ref(cc, b);
      };
      check::fd(i == 0 ? "model_ref/c0" : "model_ref/c1", dc[i], g);
    }
    check::fd("model_ref/b", db, [&](double h) { return model_ref(c, b + h); });
    check::near("model_ref/b fwd vs rev", tb, db, 1e-12);
  }
  return check::finish();
}
