// Case: Boost.Odeint's integrate_adaptive with controlled steppers
// (make_controlled with runge_kutta_dopri5, runge_kutta_cash_karp54 and
// runge_kutta_fehlberg78) and
// with a plain runge_kutta4 whose last step is shortened to end on time,
// and integrate_const with the plain cash_karp54 and dopri5 steppers,
// forward and reverse. The derivative is that of the steps odeint
// accepted, at the sizes it took them; with tight tolerances it agrees
// with finite differences of the primal.
#include <ddx/ddx.hpp>
#include <array>
#include <cmath>
#include <vector>
#include "boost_odeint.hpp"
#include "check.hpp"

namespace ode = boost::numeric::odeint;
using state2 = std::array<double, 2>;

// Van der Pol, mildly stiff, with dopri5 under error control.
double van_der_pol(double mu, double x0) {
  auto sys = [mu](const state2 &x, state2 &dxdt, double) {
    dxdt[0] = x[1];
    dxdt[1] = mu * (1 - x[0] * x[0]) * x[1] - x[0];
  };
  state2 x{x0, 0.0};
  ode::integrate_adaptive(
      ode::make_controlled(1e-11, 1e-11, ode::runge_kutta_dopri5<state2>()),
      sys, x, 0.0, 3.0, 0.01);
  return x[0] + x[1];
}

// A predator-prey system on a std::vector, Cash-Karp under error control.
double predator_prey(double a, double b) {
  auto sys = [&a, &b](const std::vector<double> &u, std::vector<double> &du,
                      double) {
    du[0] = a * u[0] - 0.4 * u[0] * u[1];
    du[1] = -b * u[1] + 0.1 * u[0] * u[1];
  };
  std::vector<double> u{10.0, 5.0};
  ode::integrate_adaptive(
      ode::make_controlled(1e-11, 1e-11,
                           ode::runge_kutta_cash_karp54<std::vector<double>>()),
      sys, u, 0.0, 2.0, 0.1);
  return u[0] * u[1];
}

// A plain stepper in integrate_adaptive: fixed steps, the last shortened
// (2.05 is not a multiple of 0.1).
double decay_adaptive(double k, double s) {
  auto sys = [k, s](const state2 &x, state2 &dxdt, double t) {
    dxdt[0] = -k * x[0] + s * std::sin(t);
    dxdt[1] = x[0];
  };
  state2 x{1.0, 0.0};
  ode::integrate_adaptive(ode::runge_kutta4<state2>(), sys, x, 0.0, 2.05, 0.1);
  return x[0] + x[1];
}

// The error steppers used plainly, with fixed steps.
double plain_error_steppers(double k, double s) {
  auto sys = [k, s](const state2 &x, state2 &dxdt, double t) {
    dxdt[0] = -k * x[0] + s * std::sin(t);
    dxdt[1] = x[0] * x[0];
  };
  state2 x{1.0, 0.0}, y{1.0, 0.0};
  ode::integrate_const(ode::runge_kutta_cash_karp54<state2>(), sys, x, 0.0,
                       1.0, 0.05);
  ode::integrate_const(ode::runge_kutta_dopri5<state2>(), sys, y, 0.0, 1.0,
                       0.1);
  state2 z{0.5, 0.5};
  ode::integrate_adaptive(
      ode::make_controlled(1e-12, 1e-12, ode::runge_kutta_fehlberg78<state2>()),
      sys, z, 0.0, 1.5, 0.1);
  return x[0] + x[1] + y[0] * y[1] + z[0] * z[1];
}

int main() {
  {
    auto [v, dx, dy] =
        ddx::gradient(van_der_pol, ddx::active(0.8), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(van_der_pol, ddx::dual(0.8, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(van_der_pol, 0.8, ddx::dual(1.5, 1.0));
    check::two_inputs("van_der_pol", van_der_pol, 0.8, 1.5, v, dx, dy, v1, tx,
                      v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(predator_prey, ddx::active(1.1), ddx::active(0.4));
    auto [v1, tx] = ddx::derivative(predator_prey, ddx::dual(1.1, 1.0), 0.4);
    auto [v2, ty] = ddx::derivative(predator_prey, 1.1, ddx::dual(0.4, 1.0));
    check::two_inputs("predator_prey", predator_prey, 1.1, 0.4, v, dx, dy, v1,
                      tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(decay_adaptive, ddx::active(0.7), ddx::active(0.3));
    auto [v1, tx] = ddx::derivative(decay_adaptive, ddx::dual(0.7, 1.0), 0.3);
    auto [v2, ty] = ddx::derivative(decay_adaptive, 0.7, ddx::dual(0.3, 1.0));
    check::two_inputs("decay_adaptive", decay_adaptive, 0.7, 0.3, v, dx, dy,
                      v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(plain_error_steppers, ddx::active(0.7),
                                     ddx::active(0.3));
    auto [v1, tx] =
        ddx::derivative(plain_error_steppers, ddx::dual(0.7, 1.0), 0.3);
    auto [v2, ty] =
        ddx::derivative(plain_error_steppers, 0.7, ddx::dual(0.3, 1.0));
    check::two_inputs("plain_error_steppers", plain_error_steppers, 0.7, 0.3,
                      v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
