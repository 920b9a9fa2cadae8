// Case: a void function writing gauss_kronrod<double, 15> integrals into an
// output array passed with ddx::duplicated: adjoints seeded by the caller
// (reverse), tangents read back (forward), <v, J u> checked both ways
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

void moments(double mu, double s, double *out) {
  for (int m = 0; m < 3; ++m) {
    out[m] = gauss_kronrod<double, 15>::integrate(
        [mu, s, m](double x) {
          double z = (x - mu) / s;
          return std::pow(x, m) * std::exp(-0.5 * z * z);
        },
        -2.0, 2.0, 15, 1e-11);
  }
}

int main() {
  const double mu = 0.2, s = 0.7;
  const double v[3] = {0.3, -1.2, 0.8};
  double out[3], dout[3] = {v[0], v[1], v[2]};
  auto [dmu, ds] = ddx::gradient(moments, ddx::active(mu), ddx::active(s),
                                 ddx::duplicated(out, dout));
  double ref[3];
  moments(mu, s, ref);
  for (int m = 0; m < 3; ++m)
    check::near("reverse writes out", out[m], ref[m], 1e-12);
  auto vJ = [&](double mu_, double s_) {
    double o[3];
    moments(mu_, s_, o);
    return v[0] * o[0] + v[1] * o[1] + v[2] * o[2];
  };
  check::fd("v^T J e_mu", dmu, [&](double h) { return vJ(mu + h, s); });
  check::fd("v^T J e_s", ds, [&](double h) { return vJ(mu, s + h); });
  // Forward: J u with u = (1, -0.5), then v . (J u) = (v^T J) u.
  double fo[3], tfo[3] = {0, 0, 0};
  ddx::derivative(moments, ddx::dual(mu, 1.0), ddx::dual(s, -0.5),
                  ddx::duplicated(fo, tfo));
  double vJu = v[0] * tfo[0] + v[1] * tfo[1] + v[2] * tfo[2];
  check::near("<v, J u> forward vs reverse", vJu, dmu - 0.5 * ds, 1e-10);
  return check::finish();
}
