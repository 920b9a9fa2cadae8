// Case: observers passed to Boost.Odeint's integrate_const,
// integrate_n_steps and integrate_adaptive (plain, controlled and
// dense-output steppers), forward and reverse. odeint calls the observer at
// each step (each grid time); the rule calls it where odeint does, so it
// may write what it captures by reference: push states onto a vector, sum
// over a fixed grid, keep the last state it saw. Its derivative is its own
// at each observation. (A sum over an adaptive integration's steps is no
// smooth function of the parameters, as the number of steps changes with
// them; the adaptive cases keep what they see last.)
#include "boost_odeint.hpp"
#include "check.hpp"
#include <array>
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

namespace ode = boost::numeric::odeint;
using state2 = std::array<double, 2>;

// RK4 on a fixed grid: the observer keeps the first component and sums a
// weighted product; then a plain integrate_adaptive whose last step is
// shortened, observed too.
double fixed_grid(double k, double x0) {
  auto sys = [k](const state2 &x, state2 &dxdt, double t) {
    dxdt[0] = -k * x[0] + std::sin(t);
    dxdt[1] = x[0];
  };
  std::vector<double> xs;
  double area = 0;
  state2 x{x0, 0.0};
  ode::integrate_const(ode::runge_kutta4<state2>(), sys, x, 0.0, 1.0, 0.1,
                       [&](const state2 &s, double t) {
                         xs.push_back(s[0]);
                         area += s[0] * s[1] * t;
                       });
  ode::integrate_adaptive(ode::runge_kutta4<state2>(), sys, x, 1.0, 1.55, 0.1,
                          [&area](const state2 &s, double) { area += s[1]; });
  return xs[3] * xs[7] + area + x[0];
}

// Van der Pol: 20 Cash-Karp steps summed over, then a controlled and a
// dense-output Dormand-Prince integration whose observers keep what they
// see last.
double adaptive_steps(double mu, double x0) {
  auto sys = [mu](const state2 &x, state2 &dxdt, double) {
    dxdt[0] = x[1];
    dxdt[1] = mu * (1 - x[0] * x[0]) * x[1] - x[0];
  };
  double sum = 0, product = 0, scaled = 0;
  state2 x{x0, 0.0};
  double t = ode::integrate_n_steps(
      ode::runge_kutta_cash_karp54<state2>(), sys, x, 0.0, 0.05, 20,
      [&sum](const state2 &s, double) { sum += s[0] * s[0]; });
  ode::integrate_adaptive(
      ode::make_controlled(1e-12, 1e-12, ode::runge_kutta_dopri5<state2>()),
      sys, x, t, 2.0, 0.1,
      [&product](const state2 &s, double) { product = s[0] * s[1]; });
  ode::integrate_adaptive(
      ode::make_dense_output(1e-12, 1e-12, ode::runge_kutta_dopri5<state2>()),
      sys, x, 2.0, 2.5, 0.1,
      [&scaled](const state2 &s, double t) { scaled = s[1] * t; });
  return sum + product + scaled + x[0];
}

// A controlled Dormand-Prince stepper on a grid: odeint integrates
// adaptively from each grid time to the next and calls the observer at the
// grid times, so a sum over them is smooth in the parameters. Then
// integrate_n_steps under Cash-Karp's control pushes the states it sees,
// a dense-output Dormand-Prince integrate_const sums over the states it
// interpolates at the grid times (and the start), and integrate_n_steps
// with dense output keeps what it sees.
double controlled_grid(double mu, double x0) {
  auto sys = [mu](const state2 &x, state2 &dxdt, double t) {
    dxdt[0] = x[1];
    dxdt[1] = mu * (1 - x[0] * x[0]) * x[1] - x[0] + 0.2 * std::cos(t);
  };
  double sum = 0;
  std::vector<state2> seen;
  state2 x{x0, 0.0};
  ode::integrate_const(
      ode::make_controlled(1e-12, 1e-12, ode::runge_kutta_dopri5<state2>()),
      sys, x, 0.0, 1.0, 0.25,
      [&sum](const state2 &s, double t) { sum += s[0] * (1 + t); });
  double t = ode::integrate_n_steps(
      ode::make_controlled(1e-12, 1e-12,
                           ode::runge_kutta_cash_karp54<state2>()),
      sys, x, 1.0, 0.2, 4,
      [&seen](const state2 &s, double) { seen.push_back(s); });
  double dense = 0;
  ode::integrate_const(
      ode::make_dense_output(1e-12, 1e-12, ode::runge_kutta_dopri5<state2>()),
      sys, x, t, t + 1.0, 0.3,
      [&dense](const state2 &s, double u) { dense += s[0] * s[1] * u; });
  // integrate_n_steps with dense output: the observer sees the states
  // interpolated at the grid times, then the state odeint stepped on to at
  // the end; the state left is the last interpolation.
  std::vector<state2> grid;
  double t2 = ode::integrate_n_steps(
      ode::make_dense_output(1e-12, 1e-12, ode::runge_kutta_dopri5<state2>()),
      sys, x, t + 1.0, 0.2, 4,
      [&grid](const state2 &s, double) { grid.push_back(s); });
  return sum + seen[2][0] * seen[4][1] + t + x[1] + dense +
         grid[1][0] * grid[3][1] + grid.back()[0] * x[0] + t2;
}

// integrate(...) with an observer keeping the last state it sees. It
// integrates under odeint's default error control (1e-6), whose choice of
// steps the derivative holds fixed: finite differences of the primal
// differ from it by about that much.
double integrate_observed(double mu, double x0) {
  auto sys = [mu](const state2 &x, state2 &dxdt, double) {
    dxdt[0] = x[1];
    dxdt[1] = mu * (1 - x[0] * x[0]) * x[1] - x[0];
  };
  double last = 0;
  state2 x{x0, 0.0};
  ode::integrate(sys, x, 0.0, 1.5, 0.1,
                 [&last](const state2 &s, double) { last = s[0] - s[1]; });
  return last * x[0];
}

int main() {
  {
    auto [v, dx, dy] =
        ddx::gradient(fixed_grid, ddx::active(0.8), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(fixed_grid, ddx::dual(0.8, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(fixed_grid, 0.8, ddx::dual(1.5, 1.0));
    check::two_inputs("fixed_grid", fixed_grid, 0.8, 1.5, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(adaptive_steps, ddx::active(0.8), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(adaptive_steps, ddx::dual(0.8, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(adaptive_steps, 0.8, ddx::dual(1.5, 1.0));
    check::two_inputs("adaptive_steps", adaptive_steps, 0.8, 1.5, v, dx, dy, v1,
                      tx, v2, ty, 1e-7);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(integrate_observed, ddx::active(0.7), ddx::active(1.2));
    auto [v1, tx] =
        ddx::derivative(integrate_observed, ddx::dual(0.7, 1.0), 1.2);
    auto [v2, ty] =
        ddx::derivative(integrate_observed, 0.7, ddx::dual(1.2, 1.0));
    check::near("integrate observed primal, bit for bit", v,
                integrate_observed(0.7, 1.2), 0.0);
    check::two_inputs("integrate observed", integrate_observed, 0.7, 1.2, v, dx,
                      dy, v1, tx, v2, ty, 1e-4);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(controlled_grid, ddx::active(0.7), ddx::active(1.2));
    auto [v1, tx] = ddx::derivative(controlled_grid, ddx::dual(0.7, 1.0), 1.2);
    auto [v2, ty] = ddx::derivative(controlled_grid, 0.7, ddx::dual(1.2, 1.0));
    check::near("controlled grid primal, bit for bit", v,
                controlled_grid(0.7, 1.2), 0.0);
    check::two_inputs("controlled grid", controlled_grid, 0.7, 1.2, v, dx, dy,
                      v1, tx, v2, ty, 1e-7);
  }
  return check::finish();
}
