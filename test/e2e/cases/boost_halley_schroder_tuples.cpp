// Case: Boost.Math's Halley and Schröder iterations, whose callables return
// the function and its first two derivatives as a std::tuple (make_tuple, a
// braced return, the tuple's constructor, a functor), forward and reverse;
// the root moves with the captured parameters by the implicit function
// theorem, checked against finite differences and the theorem by hand.
#include "check.hpp"
#include <boost/math/tools/roots.hpp>
#include <cmath>
#include <cstdint>
#include <ddx/ddx.hpp>
#include <tuple>

using boost::math::tools::halley_iterate;
using boost::math::tools::schroder_iterate;

// x^3 + q x = p by Halley, with make_tuple.
double halley_cubic(double p, double q) {
  auto f = [p, q](double x) {
    return std::make_tuple(x * x * x + q * x - p, 3 * x * x + q, 6 * x);
  };
  return halley_iterate(f, 1.0, -10.0, 10.0, 50);
}

// exp(a x) = b (2 + x) by Schröder, captures by reference, braced return,
// with an iteration count (an in/out option).
double schroder_transcendental(double a, double b) {
  auto f = [&a, &b](double x) -> std::tuple<double, double, double> {
    double e = std::exp(a * x);
    return {e - b * (2 + x), a * e - b, a * a * e};
  };
  std::uintmax_t iterations = 60;
  double r = schroder_iterate(f, 1.0, -2.0, 5.0, 48, iterations);
  return r * b;
}

// A functor: the root of k sinh(x) = c, by the tuple's constructor.
struct SinhEquation {
  double k, c;
  std::tuple<double, double, double> operator()(double x) const {
    return std::tuple<double, double, double>(
        k * std::sinh(x) - c, k * std::cosh(x), k * std::sinh(x));
  }
};

double halley_functor(double k, double c) {
  SinhEquation g{k, c};
  double x = halley_iterate(g, 0.5, -5.0, 5.0, 50);
  return x * x + k;
}

// The theorem by hand for halley_cubic: dx/dp = 1 / (3x^2 + q),
// dx/dq = -x / (3x^2 + q).
void cubic_exact(double p, double q, double &dp, double &dq) {
  double x = halley_cubic(p, q);
  dp = 1 / (3 * x * x + q);
  dq = -x / (3 * x * x + q);
}

int main() {
  {
    auto [v, dp, dq] =
        ddx::gradient(halley_cubic, ddx::active(2.0), ddx::active(1.5));
    auto [v1, tp] = ddx::derivative(halley_cubic, ddx::dual(2.0, 1.0), 1.5);
    auto [v2, tq] = ddx::derivative(halley_cubic, 2.0, ddx::dual(1.5, 1.0));
    check::two_inputs("halley_cubic", halley_cubic, 2.0, 1.5, v, dp, dq, v1, tp,
                      v2, tq);
    double ep, eq;
    cubic_exact(2.0, 1.5, ep, eq);
    check::near("halley_cubic d/dp theorem", dp, ep, 1e-13);
    check::near("halley_cubic d/dq theorem", dq, eq, 1e-13);
  }
  {
    auto [v, da, db] = ddx::gradient(schroder_transcendental, ddx::active(0.7),
                                     ddx::active(1.3));
    auto [v1, ta] =
        ddx::derivative(schroder_transcendental, ddx::dual(0.7, 1.0), 1.3);
    auto [v2, tb] =
        ddx::derivative(schroder_transcendental, 0.7, ddx::dual(1.3, 1.0));
    check::two_inputs("schroder_transcendental", schroder_transcendental, 0.7,
                      1.3, v, da, db, v1, ta, v2, tb);
  }
  {
    auto [v, dk, dc] =
        ddx::gradient(halley_functor, ddx::active(1.4), ddx::active(0.9));
    auto [v1, tk] = ddx::derivative(halley_functor, ddx::dual(1.4, 1.0), 0.9);
    auto [v2, tc] = ddx::derivative(halley_functor, 1.4, ddx::dual(0.9, 1.0));
    check::two_inputs("halley_functor", halley_functor, 1.4, 0.9, v, dk, dc, v1,
                      tk, v2, tc);
  }
  return check::finish();
}
