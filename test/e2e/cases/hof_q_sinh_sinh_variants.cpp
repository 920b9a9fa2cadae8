// Case: sinh_sinh over the real line with a lambda capturing three active
// values, through a std::function helper and a template helper, with the
// gradient checked against a directional forward derivative
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/sinh_sinh.hpp>
#include <cmath>
#include <functional>
#include "check.hpp"
using boost::math::quadrature::sinh_sinh;

double over_line(std::function<double(double)> f) {
  sinh_sinh<double> integrator;
  return integrator.integrate(f, 1e-10);
}

template <class F> double over_line_t(F f) {
  sinh_sinh<double> integrator;
  return integrator.integrate(f, 1e-10);
}

double model(double s, double m, double w) {
  auto gauss_bump = [s, m, &w](double x) {
    double z = (x - m) / s;
    return std::exp(-0.5 * z * z) * (1.0 + w * x * x);
  };
  return over_line(gauss_bump) + 0.5 * over_line_t(gauss_bump);
}

int main() {
  const double s = 0.8, m = 0.3, w = 0.4;
  auto [v, ds, dm, dw] =
      ddx::gradient(model, ddx::active(s), ddx::active(m), ddx::active(w));
  auto [v1, ts] = ddx::derivative(model, ddx::dual(s, 1.0), m, w);
  auto [v2, tm] = ddx::derivative(model, s, ddx::dual(m, 1.0), w);
  auto [v3, tw] = ddx::derivative(model, s, m, ddx::dual(w, 1.0));
  check::near("value", v, model(s, m, w), 1e-12);
  check::fd("d/ds", ds, [&](double h) { return model(s + h, m, w); });
  check::fd("d/dm", dm, [&](double h) { return model(s, m + h, w); });
  check::fd("d/dw", dw, [&](double h) { return model(s, m, w + h); });
  check::near("fwd vs rev s", ts, ds, 1e-10);
  check::near("fwd vs rev m", tm, dm, 1e-10);
  check::near("fwd vs rev w", tw, dw, 1e-10);
  auto [v4, tdir] = ddx::derivative(model, ddx::dual(s, -0.5), ddx::dual(m, 2.0),
                                    ddx::dual(w, 0.7));
  check::near("<grad, u> = J u", tdir, -0.5 * ds + 2.0 * dm + 0.7 * dw, 1e-10);
  return check::finish();
}
