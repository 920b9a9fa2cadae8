// Case: Boost.Math's bracketing root finders and brent_find_minima, forward
// and reverse, with callables capturing parameters by value, by reference
// and through a pointer; the root's derivative is the implicit function
// theorem's, the minimum's value moves along its argument.
#include <ddx/ddx.hpp>
#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <cmath>
#include <cstdint>
#include "check.hpp"

using boost::math::tools::eps_tolerance;

// The real root of x^3 + q x - p (q > 0): one sign change on [-10, 10].
double cubic_root(double p, double q) {
  auto g = [p, q](double x) { return x * x * x + q * x - p; };
  std::uintmax_t iterations = 100;
  auto r = boost::math::tools::toms748_solve(g, -10.0, 10.0,
                                             eps_tolerance<double>(50),
                                             iterations);
  return 0.5 * (r.first + r.second);
}

// Bisection on a callable capturing by reference; the lower end only.
double bisected(double a, double b) {
  auto g = [&a, &b](double x) { return std::exp(a * x) - b * (1 + x); };
  auto r = boost::math::tools::bisect(g, 0.5, 3.0, eps_tolerance<double>(52));
  return r.first * b;
}

// Bracketing from a guess: k log(1 + x) = c, rising in x.
double bracketed(double k, double c) {
  auto g = [k, c](double x) { return k * std::log1p(x) - c; };
  std::uintmax_t iterations = 200;
  eps_tolerance<double> tol(50);
  auto r = boost::math::tools::bracket_and_solve_root(g, 1.0, 2.0, true, tol,
                                                      iterations);
  return r.second + r.first * r.first;
}

// A root whose callable reaches its parameter through a pointer.
double through_pointer(double p, double q) {
  double scale = p * q;
  const double *s = &scale;
  auto g = [s](double x) { return std::sinh(x) - *s; };
  std::uintmax_t iterations = 100;
  auto r = boost::math::tools::toms748_solve(g, -5.0, 5.0,
                                             eps_tolerance<double>(50),
                                             iterations);
  return r.first;
}

// The minimum of (x - a)^2 + b cos(x): where, and how low.
double minimum(double a, double b) {
  auto f = [a, b](double x) { return (x - a) * (x - a) + b * std::cos(x); };
  auto m = boost::math::tools::brent_find_minima(f, -4.0, 4.0, 40);
  return m.first + 3 * m.second;
}

// The same with an iteration limit (an in/out option).
double minimum_counted(double a, double b) {
  auto f = [a, b](double x) { return std::cosh(b * (x - a)) + x * x; };
  std::uintmax_t iterations = 500;
  auto m = boost::math::tools::brent_find_minima(f, -4.0, 4.0, 45, iterations);
  return m.first * m.second;
}

// The implicit function theorem by hand at the minimum Brent found: the
// finite differences of a primal whose minimum is found to about 1e-8 agree
// only to about 1e-5, these to the stencil's 1e-10.
struct Exact {
  double da, db;
};
Exact minimum_exact(double a, double b) {
  auto f = [a, b](double x) { return (x - a) * (x - a) + b * std::cos(x); };
  double x = boost::math::tools::brent_find_minima(f, -4.0, 4.0, 40).first;
  double fx = 2 * (x - a) - b * std::sin(x), fxx = 2 - b * std::cos(x);
  double xa = 2 / fxx, xb = std::sin(x) / fxx;
  double va = -2 * (x - a) + fx * xa, vb = std::cos(x) + fx * xb;
  return {xa + 3 * va, xb + 3 * vb};
}
Exact minimum_counted_exact(double a, double b) {
  auto f = [a, b](double x) { return std::cosh(b * (x - a)) + x * x; };
  std::uintmax_t iterations = 500;
  double x =
      boost::math::tools::brent_find_minima(f, -4.0, 4.0, 45, iterations).first;
  double u = b * (x - a), v = f(x);
  double fx = b * std::sinh(u) + 2 * x, fxx = b * b * std::cosh(u) + 2;
  double fxa = -b * b * std::cosh(u),
         fxb = std::sinh(u) + (x - a) * b * std::cosh(u);
  double xa = -fxa / fxx, xb = -fxb / fxx;
  double va = -b * std::sinh(u) + fx * xa, vb = (x - a) * std::sinh(u) + fx * xb;
  return {xa * v + x * va, xb * v + x * vb};
}

int main() {
  {
    auto [v, dx, dy] = ddx::gradient(cubic_root, ddx::active(2.0), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(cubic_root, ddx::dual(2.0, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(cubic_root, 2.0, ddx::dual(1.5, 1.0));
    check::two_inputs("cubic_root", cubic_root, 2.0, 1.5, v, dx, dy, v1, tx, v2, ty, 1e-6);
  }
  {
    auto [v, dx, dy] = ddx::gradient(bisected, ddx::active(0.8), ddx::active(1.3));
    auto [v1, tx] = ddx::derivative(bisected, ddx::dual(0.8, 1.0), 1.3);
    auto [v2, ty] = ddx::derivative(bisected, 0.8, ddx::dual(1.3, 1.0));
    check::two_inputs("bisected", bisected, 0.8, 1.3, v, dx, dy, v1, tx, v2, ty, 1e-6);
  }
  {
    auto [v, dx, dy] = ddx::gradient(bracketed, ddx::active(1.7), ddx::active(2.2));
    auto [v1, tx] = ddx::derivative(bracketed, ddx::dual(1.7, 1.0), 2.2);
    auto [v2, ty] = ddx::derivative(bracketed, 1.7, ddx::dual(2.2, 1.0));
    check::two_inputs("bracketed", bracketed, 1.7, 2.2, v, dx, dy, v1, tx, v2, ty, 1e-6);
  }
  {
    auto [v, dx, dy] = ddx::gradient(through_pointer, ddx::active(1.2), ddx::active(0.9));
    auto [v1, tx] = ddx::derivative(through_pointer, ddx::dual(1.2, 1.0), 0.9);
    auto [v2, ty] = ddx::derivative(through_pointer, 1.2, ddx::dual(0.9, 1.0));
    check::two_inputs("through_pointer", through_pointer, 1.2, 0.9, v, dx, dy, v1, tx, v2, ty, 1e-6);
  }
  {
    auto [v, dx, dy] = ddx::gradient(minimum, ddx::active(0.7), ddx::active(0.4));
    auto [v1, tx] = ddx::derivative(minimum, ddx::dual(0.7, 1.0), 0.4);
    auto [v2, ty] = ddx::derivative(minimum, 0.7, ddx::dual(0.4, 1.0));
    check::two_inputs("minimum", minimum, 0.7, 0.4, v, dx, dy, v1, tx, v2, ty, 1e-4);
    Exact e = minimum_exact(0.7, 0.4);
    check::near("minimum d/dx exact", dx, e.da, 1e-8);
    check::near("minimum d/dy exact", dy, e.db, 1e-8);
  }
  {
    auto [v, dx, dy] = ddx::gradient(minimum_counted, ddx::active(0.3), ddx::active(1.1));
    auto [v1, tx] = ddx::derivative(minimum_counted, ddx::dual(0.3, 1.0), 1.1);
    auto [v2, ty] = ddx::derivative(minimum_counted, 0.3, ddx::dual(1.1, 1.0));
    check::two_inputs("minimum_counted", minimum_counted, 0.3, 1.1, v, dx, dy, v1, tx, v2, ty, 1e-4);
    Exact e = minimum_counted_exact(0.3, 1.1);
    check::near("minimum_counted d/dx exact", dx, e.da, 1e-8);
    check::near("minimum_counted d/dy exact", dy, e.db, 1e-8);
  }
  return check::finish();
}
