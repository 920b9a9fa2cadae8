// Case: Boost.Math solver rules composed with quadrature rules, both modes:
// a Newton root inside a Gauss-Kronrod integrand, and a Gauss-Kronrod
// integral inside the function whose root Newton finds (a shooting-like
// inversion). Each derivative is that of the composition of what the
// solvers computed.
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/tools/roots.hpp>
#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <cmath>
#include <cstdint>
#include <utility>
#include "check.hpp"
using namespace boost::math;

// A root inside an integrand: x*(t) solves x^3 + x = k t; integrate over t.
double root_in_integrand(double k, double b) {
  auto integrand = [k](double t) {
    auto g = [k, t](double x) { return std::make_pair(x * x * x + x - k * t, 3 * x * x + 1); };
    return tools::newton_raphson_iterate(g, 0.5, -10.0, 10.0, 52);
  };
  return quadrature::gauss_kronrod<double, 15>::integrate(integrand, 0.0, b, 5, 1e-12);
}
// An integral inside a root: find c with  int_0^c exp(-a t^2) dt = 0.5.
double integral_in_root(double a, double level) {
  auto g = [a, level](double c) {
    auto f = [a](double t) { return std::exp(-a * t * t); };
    double I = quadrature::gauss_kronrod<double, 21>::integrate(f, 0.0, c, 0, 0);
    return std::make_pair(I - level, std::exp(-a * c * c));
  };
  return tools::newton_raphson_iterate(g, 0.5, 0.0, 5.0, 50);
}
int main() {
  {
    auto [v, dx, dy] = ddx::gradient(root_in_integrand, ddx::active(0.7), ddx::active(1.3));
    auto [v1, tx] = ddx::derivative(root_in_integrand, ddx::dual(0.7, 1.0), 1.3);
    auto [v2, ty] = ddx::derivative(root_in_integrand, 0.7, ddx::dual(1.3, 1.0));
    check::two_inputs("root_in_integrand", root_in_integrand, 0.7, 1.3, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(integral_in_root, ddx::active(0.7), ddx::active(0.6));
    auto [v1, tx] = ddx::derivative(integral_in_root, ddx::dual(0.7, 1.0), 0.6);
    auto [v2, ty] = ddx::derivative(integral_in_root, 0.7, ddx::dual(0.6, 1.0));
    check::two_inputs("integral_in_root", integral_in_root, 0.7, 0.6, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
