// Case: gauss_kronrod<double, 21> with a lambda capturing an active value by
// reference and active bounds (Leibniz rule); Boost's default max_depth/tol
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double model(double k, double a, double b) {
  auto f = [&k](double x) { return std::sin(k * x) / (1.0 + x * x); };
  return gauss_kronrod<double, 21>::integrate(f, a, b);
}

int main() {
  const double k = 1.7, a = -0.4, b = 1.9;
  auto [v, dk, da, db] =
      ddx::gradient(model, ddx::active(k), ddx::active(a), ddx::active(b));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), a, b);
  auto [v2, ta] = ddx::derivative(model, k, ddx::dual(a, 1.0), b);
  auto [v3, tb] = ddx::derivative(model, k, a, ddx::dual(b, 1.0));
  check::near("value", v, model(k, a, b), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h, a, b); });
  check::fd("d/da", da, [&](double h) { return model(k, a + h, b); });
  check::fd("d/db", db, [&](double h) { return model(k, a, b + h); });
  check::near("fwd vs rev k", tk, dk, 1e-10);
  check::near("fwd vs rev a", ta, da, 1e-10);
  check::near("fwd vs rev b", tb, db, 1e-10);
  return check::finish();
}
