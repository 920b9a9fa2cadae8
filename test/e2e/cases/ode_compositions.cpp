// Case: Boost.Odeint's rules composed with the other solver rules, both
// modes: a shooting method (toms748 finds the initial slope whose RK4
// trajectory ends on a target: an ODE solve inside a root find), and a
// Gauss-Kronrod integral inside an ODE's right-hand side (a memory kernel
// over the current state). Each derivative is that of the composition of
// what the solvers computed; finite differences agree to their tolerance.
#include "boost_odeint.hpp"
#include "check.hpp"
#include <array>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <cmath>
#include <cstdint>
#include <ddx/ddx.hpp>
#include <utility>

namespace ode = boost::numeric::odeint;
using state2 = std::array<double, 2>;

// y'' = -k y + q y^2 on [0, 1], y(0) = 0: the slope s with y(1) = target.
double shooting(double k, double q) {
  auto miss = [k, q](double s) {
    auto sys = [k, q](const state2 &u, state2 &du, double) {
      du[0] = u[1];
      du[1] = -k * u[0] + q * u[0] * u[0];
    };
    state2 u{0.0, s};
    ode::integrate_const(ode::runge_kutta4<state2>(), sys, u, 0.0, 1.0, 0.01);
    return u[0] - 0.5;
  };
  std::uintmax_t iterations = 100;
  auto bracket = boost::math::tools::toms748_solve(
      miss, 0.0, 5.0, boost::math::tools::eps_tolerance<double>(50),
      iterations);
  return 0.5 * (bracket.first + bracket.second);
}

// x' = -a x + int_0^1 exp(-b s x) ds: the integral depends on the state.
double kernel_ode(double a, double b) {
  auto sys = [a, b](const state2 &u, state2 &du, double) {
    double x = u[0];
    auto kernel = [b, x](double s) { return std::exp(-b * s * x); };
    double memory =
        boost::math::quadrature::gauss_kronrod<double, 15>::integrate(
            kernel, 0.0, 1.0, 0, 0);
    du[0] = -a * x + memory;
    du[1] = x * x;
  };
  state2 u{1.0, 0.0};
  ode::integrate_n_steps(ode::runge_kutta4<state2>(), sys, u, 0.0, 0.05, 40);
  return u[0] + u[1];
}

int main() {
  {
    auto [v, dx, dy] =
        ddx::gradient(shooting, ddx::active(2.0), ddx::active(0.5));
    auto [v1, tx] = ddx::derivative(shooting, ddx::dual(2.0, 1.0), 0.5);
    auto [v2, ty] = ddx::derivative(shooting, 2.0, ddx::dual(0.5, 1.0));
    check::two_inputs("shooting", shooting, 2.0, 0.5, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(kernel_ode, ddx::active(0.8), ddx::active(1.2));
    auto [v1, tx] = ddx::derivative(kernel_ode, ddx::dual(0.8, 1.0), 1.2);
    auto [v2, ty] = ddx::derivative(kernel_ode, 0.8, ddx::dual(1.2, 1.0));
    check::two_inputs("kernel_ode", kernel_ode, 0.8, 1.2, v, dx, dy, v1, tx, v2,
                      ty);
  }
  return check::finish();
}
