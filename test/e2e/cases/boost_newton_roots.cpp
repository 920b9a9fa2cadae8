// Case: Boost.Math's Newton-Raphson iteration, whose callable returns the
// function and its derivative as a std::pair (std::make_pair, a braced
// return, the pair's constructor), forward and reverse; the root moves with
// the captured parameters by the implicit function theorem, whatever the
// guess. Also std::pair values in ordinary code: returned, assigned from
// std::make_pair, decomposed with structured bindings.
#include <ddx/ddx.hpp>
#include <boost/math/tools/roots.hpp>
#include <cmath>
#include <cstdint>
#include <utility>
#include "check.hpp"

using boost::math::tools::newton_raphson_iterate;

// x^3 + q x = p: the function and its derivative, by make_pair.
double cubic(double p, double q) {
  auto f = [p, q](double x) {
    return std::make_pair(x * x * x + q * x - p, 3 * x * x + q);
  };
  return newton_raphson_iterate(f, 1.0, -10.0, 10.0, 52);
}

// exp(a x) = b (1 + x^2) near x = 1, braced return, with a count of
// iterations (an in/out option).
double transcendental(double a, double b) {
  auto f = [&a, &b](double x) -> std::pair<double, double> {
    double e = std::exp(a * x);
    return {e - b * (1 + x * x), a * e - 2 * b * x};
  };
  std::uintmax_t iterations = 40;
  double x = newton_raphson_iterate(f, 0.3, 0.0, 1.0, 50, iterations);
  return x * a + b;
}

// A functor holding its parameters, returning the pair's constructor.
struct Kepler {
  double e, m; // eccentricity and mean anomaly: E - e sin E = M
  std::pair<double, double> operator()(double E) const {
    return std::pair<double, double>(E - e * std::sin(E) - m,
                                     1 - e * std::cos(E));
  }
};
double eccentric_anomaly(double e, double m) {
  Kepler k{e, m};
  return newton_raphson_iterate(k, m, 0.0, 7.0, 50);
}

// A root through a pointer to the parameters (no cotangent vector: the
// rule pulls back point by point).
double through_pointer(double p, double q) {
  double c[2] = {p, q};
  const double *pc = c;
  auto f = [pc](double x) {
    return std::make_pair(std::sinh(x) + pc[1] * x - pc[0],
                          std::cosh(x) + pc[1]);
  };
  return newton_raphson_iterate(f, 0.0, -5.0, 5.0, 50);
}

// std::pair values of the user's own.
std::pair<double, double> polar(double r, double t) {
  return std::make_pair(r * std::cos(t), r * std::sin(t));
}
double pairs(double r, double t) {
  auto [x, y] = polar(r, t);
  std::pair<double, double> q = polar(t, r);
  q = std::make_pair(q.second * x, q.first + y);
  std::pair<double, double> s(x * y, q.first);
  auto &[u, v] = s;
  u *= v;
  std::pair<double, double> kept[2];
  kept[1] = std::make_pair(u + r, v * t);
  kept[0] = {kept[1].second, kept[1].first * u};
  return s.first + s.second * q.second + kept[0].first * kept[0].second;
}

int main() {
  {
    auto [v, dx, dy] = ddx::gradient(cubic, ddx::active(2.0), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(cubic, ddx::dual(2.0, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(cubic, 2.0, ddx::dual(1.5, 1.0));
    check::two_inputs("cubic", cubic, 2.0, 1.5, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(transcendental, ddx::active(2.0), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(transcendental, ddx::dual(2.0, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(transcendental, 2.0, ddx::dual(1.5, 1.0));
    check::two_inputs("transcendental", transcendental, 2.0, 1.5, v, dx, dy,
                      v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(eccentric_anomaly, ddx::active(0.3), ddx::active(1.2));
    auto [v1, tx] =
        ddx::derivative(eccentric_anomaly, ddx::dual(0.3, 1.0), 1.2);
    auto [v2, ty] =
        ddx::derivative(eccentric_anomaly, 0.3, ddx::dual(1.2, 1.0));
    check::two_inputs("eccentric_anomaly", eccentric_anomaly, 0.3, 1.2, v, dx,
                      dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(through_pointer, ddx::active(1.2), ddx::active(0.9));
    auto [v1, tx] = ddx::derivative(through_pointer, ddx::dual(1.2, 1.0), 0.9);
    auto [v2, ty] = ddx::derivative(through_pointer, 1.2, ddx::dual(0.9, 1.0));
    check::two_inputs("through_pointer", through_pointer, 1.2, 0.9, v, dx, dy,
                      v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(pairs, ddx::active(1.3), ddx::active(0.4));
    auto [v1, tx] = ddx::derivative(pairs, ddx::dual(1.3, 1.0), 0.4);
    auto [v2, ty] = ddx::derivative(pairs, 1.3, ddx::dual(0.4, 1.0));
    check::two_inputs("pairs", pairs, 1.3, 0.4, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
