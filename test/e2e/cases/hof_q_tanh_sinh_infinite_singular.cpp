// Case: tanh_sinh on (-inf, b] with the finite bound active, on the whole
// real line, and on [0, 1] with an endpoint singularity (x^k, k = -0.5, whose
// k-derivative x^k log x is also singular); checked against exact values
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include <limits>
#include "check.hpp"
using boost::math::quadrature::tanh_sinh;

double to_b(double k, double b) {
  tanh_sinh<double> ts;
  const double inf = std::numeric_limits<double>::infinity();
  return ts.integrate([k](double x) { return std::exp(-k * x * x); }, -inf, b, 1e-10);
}

double whole(double k) {
  tanh_sinh<double> ts;
  const double inf = std::numeric_limits<double>::infinity();
  return ts.integrate([&k](double x) { return 1.0 / (k + x * x) / (1.0 + x * x); },
                      -inf, inf, 1e-10);
}

double singular(double k) {
  tanh_sinh<double> ts;
  return ts.integrate([k](double x) { return std::pow(x, k); }, 0.0, 1.0, 1e-10);
}

int main() {
  const double k = 1.3, b = 0.4;
  {
    auto [v, dk, db] = ddx::gradient(to_b, ddx::active(k), ddx::active(b));
    auto [v1, tk] = ddx::derivative(to_b, ddx::dual(k, 1.0), b);
    auto [v2, tb] = ddx::derivative(to_b, k, ddx::dual(b, 1.0));
    check::near("to_b value", v, to_b(k, b), 1e-12);
    check::fd("to_b d/dk", dk, [&](double h) { return to_b(k + h, b); });
    check::fd("to_b d/db", db, [&](double h) { return to_b(k, b + h); });
    check::near("to_b d/db exact", db, std::exp(-k * b * b), 1e-12);
    check::near("to_b fwd vs rev k", tk, dk, 1e-10);
    check::near("to_b fwd vs rev b", tb, db, 1e-10);
  }
  {
    auto [v, dk] = ddx::gradient(whole, ddx::active(k));
    auto [v1, tk] = ddx::derivative(whole, ddx::dual(k, 1.0));
    // pi / (sqrt(k) (1 + sqrt(k))) for k > 0.
    auto exact = [](double k) { return M_PI / (std::sqrt(k) * (1.0 + std::sqrt(k))); };
    check::near("whole value", v, exact(k), 1e-9);
    check::fd("whole d/dk", dk, [&](double h) { return whole(k + h); });
    check::fd("whole d/dk exact", dk, [&](double h) { return exact(k + h); });
    check::near("whole fwd vs rev", tk, dk, 1e-10);
  }
  {
    const double p = -0.5;
    auto [v, dp] = ddx::gradient(singular, ddx::active(p));
    auto [v1, tp] = ddx::derivative(singular, ddx::dual(p, 1.0));
    check::near("singular value", v, 1.0 / (p + 1.0), 1e-9);
    check::near("singular d/dp exact", dp, -1.0 / ((p + 1.0) * (p + 1.0)), 1e-8);
    check::fd("singular d/dp", dp, [&](double h) { return singular(p + h); });
    check::near("singular fwd vs rev", tp, dp, 1e-10);
  }
  return check::finish();
}
