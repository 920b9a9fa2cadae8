// Case: Boost.Odeint's integrate_const and integrate_n_steps with a
// dense-output Dormand-Prince stepper (make_dense_output), forward and
// reverse. odeint takes whole steps and interpolates the state at the grid
// times; the rule runs the same loop, so its primal is odeint's bit for
// bit, and the derivative is that of the steps up to the last
// interpolation and of the interpolation (the stepper's continuous
// extension), on a std::array and a std::vector, with a time-dependent
// system. With tight tolerances it agrees with finite differences.
#include "boost_odeint.hpp"
#include "check.hpp"
#include <array>
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

namespace ode = boost::numeric::odeint;
using state2 = std::array<double, 2>;

// Van der Pol on a grid of 0.25 up to 3.1: the state is interpolated at
// 3.0, inside a step.
double van_der_pol_dense(double mu, double x0) {
  auto sys = [mu](const state2 &x, state2 &dxdt, double) {
    dxdt[0] = x[1];
    dxdt[1] = mu * (1 - x[0] * x[0]) * x[1] - x[0];
  };
  state2 x{x0, 0.0};
  ode::integrate_const(
      ode::make_dense_output(1e-12, 1e-12, ode::runge_kutta_dopri5<state2>()),
      sys, x, 0.0, 3.1, 0.25);
  return x[0] + x[1];
}

// A forced oscillator on a std::vector, 7 grid steps of 0.3; odeint leaves
// the state at the last grid time before the end (1.8), and returns the
// time it reached.
double forced_dense_steps(double k, double s) {
  auto sys = [k, s](const std::vector<double> &x, std::vector<double> &dxdt,
                    double t) {
    dxdt[0] = x[1];
    dxdt[1] = -k * x[0] + s * std::cos(2 * t);
  };
  std::vector<double> x{1.0, 0.0};
  double t = ode::integrate_n_steps(
      ode::make_dense_output(1e-12, 1e-12,
                             ode::runge_kutta_dopri5<std::vector<double>>()),
      sys, x, 0.0, 0.3, 7);
  return x[0] * x[1] + t;
}

// A grid shorter than one step of the grid: the state is not written.
double no_grid_time(double k, double x0) {
  auto sys = [k](const state2 &x, state2 &dxdt, double) {
    dxdt[0] = -k * x[0];
    dxdt[1] = x[0];
  };
  state2 x{x0, 1.0};
  ode::integrate_const(
      ode::make_dense_output(1e-12, 1e-12, ode::runge_kutta_dopri5<state2>()),
      sys, x, 0.0, 0.2, 0.25);
  return x[0] * k + x[1];
}

int main() {
  {
    auto [v, dx, dy] =
        ddx::gradient(van_der_pol_dense, ddx::active(0.8), ddx::active(1.5));
    auto [v1, tx] =
        ddx::derivative(van_der_pol_dense, ddx::dual(0.8, 1.0), 1.5);
    auto [v2, ty] =
        ddx::derivative(van_der_pol_dense, 0.8, ddx::dual(1.5, 1.0));
    check::two_inputs("van_der_pol_dense", van_der_pol_dense, 0.8, 1.5, v, dx,
                      dy, v1, tx, v2, ty, 1e-8);
    // (The rule runs odeint's loop: the same primal, bit for bit.)
    check::near("van_der_pol_dense primal is odeint's", v,
                van_der_pol_dense(0.8, 1.5), 0.0);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(forced_dense_steps, ddx::active(2.0), ddx::active(0.5));
    auto [v1, tx] =
        ddx::derivative(forced_dense_steps, ddx::dual(2.0, 1.0), 0.5);
    auto [v2, ty] =
        ddx::derivative(forced_dense_steps, 2.0, ddx::dual(0.5, 1.0));
    check::two_inputs("forced_dense_steps", forced_dense_steps, 2.0, 0.5, v, dx,
                      dy, v1, tx, v2, ty, 1e-8);
    check::near("forced_dense_steps primal is odeint's", v,
                forced_dense_steps(2.0, 0.5), 0.0);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(no_grid_time, ddx::active(0.7), ddx::active(1.2));
    auto [v1, tx] = ddx::derivative(no_grid_time, ddx::dual(0.7, 1.0), 1.2);
    auto [v2, ty] = ddx::derivative(no_grid_time, 0.7, ddx::dual(1.2, 1.0));
    check::two_inputs("no_grid_time", no_grid_time, 0.7, 1.2, v, dx, dy, v1, tx,
                      v2, ty);
  }
  return check::finish();
}
