// Case: gauss_kronrod<double, 31>, a lambda capturing three active values
// (two by value, one by reference) and an inactive one; directional
// derivative in forward mode against the reverse gradient
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double model(double p, double q, double r) {
  const double scale = 0.5;
  auto f = [p, q, &r, scale](double x) {
    return scale * std::exp(-p * x * x) * (q + r * std::sin(x));
  };
  return gauss_kronrod<double, 31>::integrate(f, -1.0, 3.0, 10, 1e-11);
}

int main() {
  const double p = 0.6, q = 1.2, r = -0.7;
  auto [v, dp, dq, dr] =
      ddx::gradient(model, ddx::active(p), ddx::active(q), ddx::active(r));
  auto [v1, tp] = ddx::derivative(model, ddx::dual(p, 1.0), q, r);
  auto [v2, tq] = ddx::derivative(model, p, ddx::dual(q, 1.0), r);
  auto [v3, tr] = ddx::derivative(model, p, q, ddx::dual(r, 1.0));
  auto [v4, tdir] =
      ddx::derivative(model, ddx::dual(p, 0.3), ddx::dual(q, -1.1), ddx::dual(r, 0.5));
  check::near("value", v, model(p, q, r), 1e-12);
  check::fd("d/dp", dp, [&](double h) { return model(p + h, q, r); });
  check::fd("d/dq", dq, [&](double h) { return model(p, q + h, r); });
  check::fd("d/dr", dr, [&](double h) { return model(p, q, r + h); });
  check::near("fwd vs rev p", tp, dp, 1e-10);
  check::near("fwd vs rev q", tq, dq, 1e-10);
  check::near("fwd vs rev r", tr, dr, 1e-10);
  check::near("<grad, u> = J u", tdir, 0.3 * dp - 1.1 * dq + 0.5 * dr, 1e-10);
  return check::finish();
}
