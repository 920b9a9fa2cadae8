// Case: an integral inside an integral: the inner gauss_kronrod<double, 15>
// integral's upper bound is the outer variable (a triangle domain), the
// outer one is gauss_kronrod<double, 21> with active bound and capture
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double model(double k, double b) {
  auto outer = [k](double x) {
    auto inner = [k, x](double y) { return std::exp(-k * x * y) + y; };
    return gauss_kronrod<double, 15>::integrate(inner, 0.0, x, 10, 1e-11);
  };
  return gauss_kronrod<double, 21>::integrate(outer, 0.0, b, 10, 1e-10);
}

int main() {
  const double k = 0.7, b = 1.3;
  auto [v, dk, db] = ddx::gradient(model, ddx::active(k), ddx::active(b));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), b);
  auto [v2, tb] = ddx::derivative(model, k, ddx::dual(b, 1.0));
  check::near("value", v, model(k, b), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h, b); });
  check::fd("d/db", db, [&](double h) { return model(k, b + h); });
  check::near("fwd vs rev k", tk, dk, 1e-10);
  check::near("fwd vs rev b", tb, db, 1e-10);
  return check::finish();
}
