// Case: Boost.Odeint's integrate_times with an observer, forward and
// reverse: a plain runge_kutta4 (steps of dt shortened to reach each
// time), a controlled Dormand-Prince, a controlled Cash-Karp on a
// std::vector, and a dense-output Dormand-Prince (the states interpolated), the
// times as a pair of iterators (a std::vector's, a C array's) or as a range.
// The observer is called as odeint calls it, so it may write what it captures
// by reference: a sum, samples stored by a counter, states and times pushed
// onto vectors. Its derivative is its own at each observation, of the state
// odeint passed; the loss reads what it wrote.
#include "boost_odeint.hpp"
#include "check.hpp"
#include <array>
#include <cmath>
#include <cstddef>
#include <ddx/ddx.hpp>
#include <vector>

namespace ode = boost::numeric::odeint;
using state2 = std::array<double, 2>;

// A forced decay observed at uneven times by RK4 with dt = 0.1 (0.35 is
// reached by a shortened step); the observer sums into a captured local.
double weighted_sum(double k, double x0) {
  auto sys = [k](const state2 &x, state2 &dxdt, double t) {
    dxdt[0] = -k * x[0] + std::sin(t);
    dxdt[1] = x[0];
  };
  std::vector<double> times{0.0, 0.35, 1.0, 1.6};
  double sum = 0;
  state2 x{x0, 0.0};
  ode::integrate_times(
      ode::runge_kutta4<state2>(), sys, x, times.begin(), times.end(), 0.1,
      [&sum](const state2 &s, double t) { sum += s[0] * s[0] * t; });
  return sum + x[1];
}

// A least-squares misfit of Van der Pol samples against data, by a
// controlled Dormand-Prince; the observer stores each sample at a counter
// it advances.
double misfit(double mu, double x0) {
  auto sys = [mu](const state2 &x, state2 &dxdt, double) {
    dxdt[0] = x[1];
    dxdt[1] = mu * (1 - x[0] * x[0]) * x[1] - x[0];
  };
  const double times[5] = {0.0, 0.5, 1.2, 2.0, 2.5};
  const double data[5] = {1.4, 1.0, 0.1, -1.2, -1.6};
  std::array<double, 5> samples{};
  int n = 0;
  state2 x{x0, 0.0};
  ode::integrate_times(
      ode::make_controlled(1e-12, 1e-12, ode::runge_kutta_dopri5<state2>()),
      sys, x, times, times + 5, 0.05, [&samples, &n](const state2 &s, double) {
        samples[n] = s[0];
        ++n;
      });
  double r = 0;
  for (int i = 0; i < 5; ++i)
    r += (samples[i] - data[i]) * (samples[i] - data[i]);
  return r;
}

// Predator and prey on a std::vector, controlled Cash-Karp, the times as
// a range; the observer sums a discounted prey count and the predators.
double prey_peak(double a, double b) {
  auto sys = [&a, &b](const std::vector<double> &u, std::vector<double> &du,
                      double) {
    du[0] = a * u[0] - 0.4 * u[0] * u[1];
    du[1] = -b * u[1] + 0.1 * u[0] * u[1];
  };
  std::vector<double> times{0.0, 0.4, 0.8, 1.2, 1.6, 2.0};
  std::vector<double> u{10.0, 5.0};
  double total = 0;
  ode::integrate_times(
      ode::make_controlled(1e-12, 1e-12,
                           ode::runge_kutta_cash_karp54<std::vector<double>>()),
      sys, u, times, 0.1, [&total](const std::vector<double> &s, double t) {
        total += s[0] * std::exp(-t) + s[1];
      });
  return total + u[0] * u[1];
}

// The observer odeint's documentation writes, as a lambda: it keeps each
// state and time, growing vectors it captures.
double states_kept(double k, double x0) {
  auto sys = [k](const state2 &x, state2 &dxdt, double) {
    dxdt[0] = -k * x[0] + x[1];
    dxdt[1] = -x[0];
  };
  std::vector<double> times{0.0, 0.35, 1.0, 1.5};
  std::vector<state2> states;
  std::vector<double> seen;
  state2 x{x0, 0.0};
  ode::integrate_times(ode::runge_kutta4<state2>(), sys, x, times.begin(),
                       times.end(), 0.1, [&](const state2 &s, double t) {
                         states.push_back(s);
                         seen.push_back(t);
                       });
  double r = 0;
  for (std::size_t i = 0; i < states.size(); ++i)
    r += states[i][0] * states[i][1] * seen[i];
  return r;
}

// Dense output: the states seen are interpolated at the times, and the
// state left is the last of them.
double dense_samples(double mu, double x0) {
  auto sys = [mu](const state2 &x, state2 &dxdt, double t) {
    dxdt[0] = x[1];
    dxdt[1] = mu * (1 - x[0] * x[0]) * x[1] - x[0] + 0.3 * std::cos(t);
  };
  std::vector<double> times{0.0, 0.3, 0.7, 1.3, 2.2};
  double r = 0;
  state2 x{x0, 0.0};
  ode::integrate_times(
      ode::make_dense_output(1e-12, 1e-12, ode::runge_kutta_dopri5<state2>()),
      sys, x, times, 0.05,
      [&r](const state2 &s, double t) { r += s[0] * s[1] * (1 + t); });
  return r + x[0] * x[0];
}

int main() {
  {
    auto [v, dx, dy] =
        ddx::gradient(weighted_sum, ddx::active(0.8), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(weighted_sum, ddx::dual(0.8, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(weighted_sum, 0.8, ddx::dual(1.5, 1.0));
    check::two_inputs("weighted_sum", weighted_sum, 0.8, 1.5, v, dx, dy, v1, tx,
                      v2, ty);
    // (Fixed steps: finite differences agree to their own accuracy.)
    check::fd(
        "weighted_sum d/dk tight", dx,
        [](double h) { return weighted_sum(0.8 + h, 1.5); }, 1e-9);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(misfit, ddx::active(0.9), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(misfit, ddx::dual(0.9, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(misfit, 0.9, ddx::dual(1.5, 1.0));
    check::two_inputs("misfit", misfit, 0.9, 1.5, v, dx, dy, v1, tx, v2, ty,
                      1e-8);
    // (The rule runs odeint's loop: the same primal, bit for bit.)
    check::near("misfit primal is odeint's", v, misfit(0.9, 1.5), 0.0);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(prey_peak, ddx::active(1.1), ddx::active(0.4));
    auto [v1, tx] = ddx::derivative(prey_peak, ddx::dual(1.1, 1.0), 0.4);
    auto [v2, ty] = ddx::derivative(prey_peak, 1.1, ddx::dual(0.4, 1.0));
    check::two_inputs("prey_peak", prey_peak, 1.1, 0.4, v, dx, dy, v1, tx, v2,
                      ty, 1e-8);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(states_kept, ddx::active(0.8), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(states_kept, ddx::dual(0.8, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(states_kept, 0.8, ddx::dual(1.5, 1.0));
    check::two_inputs("states_kept", states_kept, 0.8, 1.5, v, dx, dy, v1, tx,
                      v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(dense_samples, ddx::active(0.7), ddx::active(1.2));
    auto [v1, tx] = ddx::derivative(dense_samples, ddx::dual(0.7, 1.0), 1.2);
    auto [v2, ty] = ddx::derivative(dense_samples, 0.7, ddx::dual(1.2, 1.0));
    check::two_inputs("dense_samples", dense_samples, 0.7, 1.2, v, dx, dy, v1,
                      tx, v2, ty, 1e-8);
    check::near("dense_samples primal is odeint's", v, dense_samples(0.7, 1.2),
                0.0);
  }
  return check::finish();
}
