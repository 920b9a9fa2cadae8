// Case: Boost.Odeint's integrate_const and integrate_n_steps with
// controlled steppers (make_controlled with runge_kutta_dopri5,
// runge_kutta_cash_karp54 on a std::vector, and runge_kutta_fehlberg78),
// forward and reverse. odeint integrates adaptively from each grid time to
// the next; the rule runs the same loop, so its primal is odeint's bit for
// bit, and the derivative is that of the steps odeint accepted. With tight
// tolerances it agrees with finite differences of the primal.
#include "boost_odeint.hpp"
#include "check.hpp"
#include <array>
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

namespace ode = boost::numeric::odeint;
using state2 = std::array<double, 2>;

// Van der Pol on a grid of 0.25 with dopri5 under error control; the grid
// (3.1) does not reach the end time's multiple, so the last interval is
// the grid's last full one.
double van_der_pol_grid(double mu, double x0) {
  auto sys = [mu](const state2 &x, state2 &dxdt, double) {
    dxdt[0] = x[1];
    dxdt[1] = mu * (1 - x[0] * x[0]) * x[1] - x[0];
  };
  state2 x{x0, 0.0};
  std::size_t steps = ode::integrate_const(
      ode::make_controlled(1e-11, 1e-11, ode::runge_kutta_dopri5<state2>()),
      sys, x, 0.0, 3.1, 0.25);
  return x[0] + x[1] + 1e-3 * double(steps);
}

// A predator-prey system on a std::vector, Cash-Karp under error control,
// for 8 grid intervals of 0.3.
double predator_prey_steps(double a, double b) {
  auto sys = [&a, &b](const std::vector<double> &u, std::vector<double> &du,
                      double) {
    du[0] = a * u[0] - 0.4 * u[0] * u[1];
    du[1] = -b * u[1] + 0.1 * u[0] * u[1];
  };
  std::vector<double> u{10.0, 5.0};
  double end = ode::integrate_n_steps(
      ode::make_controlled(1e-11, 1e-11,
                           ode::runge_kutta_cash_karp54<std::vector<double>>()),
      sys, u, 0.0, 0.3, 8);
  return u[0] * u[1] + end;
}

// A forced decay with a time-dependent system, Fehlberg 7(8).
double forced_grid(double k, double s) {
  auto sys = [k, s](const state2 &x, state2 &dxdt, double t) {
    dxdt[0] = -k * x[0] + s * std::sin(3 * t);
    dxdt[1] = x[0] * x[0];
  };
  state2 x{1.0, 0.0};
  ode::integrate_const(
      ode::make_controlled(1e-12, 1e-12, ode::runge_kutta_fehlberg78<state2>()),
      sys, x, 0.0, 2.0, 0.4);
  return x[0] * x[1];
}

int main() {
  {
    auto [v, dx, dy] =
        ddx::gradient(van_der_pol_grid, ddx::active(0.8), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(van_der_pol_grid, ddx::dual(0.8, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(van_der_pol_grid, 0.8, ddx::dual(1.5, 1.0));
    check::two_inputs("van_der_pol_grid", van_der_pol_grid, 0.8, 1.5, v, dx, dy,
                      v1, tx, v2, ty, 1e-8);
    // (The rule runs odeint's loop: the same primal, bit for bit.)
    check::near("van_der_pol_grid primal is odeint's", v,
                van_der_pol_grid(0.8, 1.5), 0.0);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(predator_prey_steps, ddx::active(1.1), ddx::active(0.4));
    auto [v1, tx] =
        ddx::derivative(predator_prey_steps, ddx::dual(1.1, 1.0), 0.4);
    auto [v2, ty] =
        ddx::derivative(predator_prey_steps, 1.1, ddx::dual(0.4, 1.0));
    check::two_inputs("predator_prey_steps", predator_prey_steps, 1.1, 0.4, v,
                      dx, dy, v1, tx, v2, ty, 1e-8);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(forced_grid, ddx::active(0.7), ddx::active(0.5));
    auto [v1, tx] = ddx::derivative(forced_grid, ddx::dual(0.7, 1.0), 0.5);
    auto [v2, ty] = ddx::derivative(forced_grid, 0.7, ddx::dual(0.5, 1.0));
    check::two_inputs("forced_grid", forced_grid, 0.7, 0.5, v, dx, dy, v1, tx,
                      v2, ty, 1e-8);
  }
  return check::finish();
}
