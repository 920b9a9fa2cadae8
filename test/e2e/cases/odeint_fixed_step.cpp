// Case: Boost.Odeint integrate_const and integrate_n_steps with
// runge_kutta4 and euler, forward and reverse: std::array and std::vector
// states, systems as lambdas (by value and by reference captures) and as a
// functor, a time-dependent right-hand side, and initial conditions that
// depend on the parameters. The derivative is that of the steps odeint
// took, checked against finite differences of the primal.
#include <ddx/ddx.hpp>
#include <array>
#include <cmath>
#include <vector>
#include "boost_odeint.hpp"
#include "check.hpp"

namespace ode = boost::numeric::odeint;
using state2 = std::array<double, 2>;

// A damped oscillator, x'' = -k x - c x'.
double oscillator(double k, double c) {
  auto sys = [k, c](const state2 &x, state2 &dxdt, double) {
    dxdt[0] = x[1];
    dxdt[1] = -k * x[0] - c * x[1];
  };
  state2 x{1.0, 0.0};
  ode::integrate_const(ode::runge_kutta4<state2>(), sys, x, 0.0, 2.0, 0.01);
  return x[0] + 0.5 * x[1];
}

// A forced pendulum, starting from an angle a, forced at frequency w.
double pendulum(double a, double w) {
  auto sys = [&w](const state2 &x, state2 &dxdt, double t) {
    dxdt[0] = x[1];
    dxdt[1] = -std::sin(x[0]) + 0.3 * std::cos(w * t);
  };
  state2 x{a, 0.0};
  ode::integrate_n_steps(ode::runge_kutta4<state2>(), sys, x, 0.0, 0.02, 150);
  return x[0] * x[1];
}

// A three-species food chain on a std::vector state.
struct FoodChain {
  double r, m;
  void operator()(const std::vector<double> &u, std::vector<double> &du,
                  double) const {
    du[0] = u[0] * (r - u[1]);
    du[1] = u[1] * (u[0] - m - 0.5 * u[2]);
    du[2] = u[2] * (0.5 * u[1] - 0.4);
  }
};
double food_chain(double r, double m) {
  std::vector<double> u{1.0, 0.5 * r, 0.3};
  FoodChain sys{r, m};
  ode::integrate_const(ode::runge_kutta4<std::vector<double>>(), sys, u, 0.0,
                       3.0, 0.05);
  return u[0] + 2 * u[1] + 3 * u[2];
}

// Explicit Euler on a logistic equation.
double logistic(double g, double cap) {
  auto sys = [g, cap](const std::array<double, 1> &x,
                      std::array<double, 1> &dxdt, double) {
    dxdt[0] = g * x[0] * (1 - x[0] / cap);
  };
  std::array<double, 1> x{0.1};
  ode::integrate_const(ode::euler<std::array<double, 1>>(), sys, x, 0.0, 5.0,
                       0.1);
  return x[0];
}

int main() {
  {
    auto [v, dx, dy] =
        ddx::gradient(oscillator, ddx::active(1.5), ddx::active(0.3));
    auto [v1, tx] = ddx::derivative(oscillator, ddx::dual(1.5, 1.0), 0.3);
    auto [v2, ty] = ddx::derivative(oscillator, 1.5, ddx::dual(0.3, 1.0));
    check::two_inputs("oscillator", oscillator, 1.5, 0.3, v, dx, dy, v1, tx,
                      v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(pendulum, ddx::active(0.8), ddx::active(1.1));
    auto [v1, tx] = ddx::derivative(pendulum, ddx::dual(0.8, 1.0), 1.1);
    auto [v2, ty] = ddx::derivative(pendulum, 0.8, ddx::dual(1.1, 1.0));
    check::two_inputs("pendulum", pendulum, 0.8, 1.1, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(food_chain, ddx::active(1.2), ddx::active(0.7));
    auto [v1, tx] = ddx::derivative(food_chain, ddx::dual(1.2, 1.0), 0.7);
    auto [v2, ty] = ddx::derivative(food_chain, 1.2, ddx::dual(0.7, 1.0));
    check::two_inputs("food_chain", food_chain, 1.2, 0.7, v, dx, dy, v1, tx,
                      v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(logistic, ddx::active(0.9), ddx::active(2.0));
    auto [v1, tx] = ddx::derivative(logistic, ddx::dual(0.9, 1.0), 2.0);
    auto [v2, ty] = ddx::derivative(logistic, 0.9, ddx::dual(2.0, 1.0));
    check::two_inputs("logistic", logistic, 0.9, 2.0, v, dx, dy, v1, tx, v2,
                      ty);
  }
  return check::finish();
}
