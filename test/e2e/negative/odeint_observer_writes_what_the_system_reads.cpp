// EXPECT-EXIT: 1
// EXPECT-DIAG: 23:53: this callable reads 'u', which another callable
// EXPECT-NOTE: 24:24: 'u' is written here
// Case: a sample-and-hold controller: the observer sets the input u that
// the ODE system reads by reference. The rule replays the system's steps
// after odeint ran, when u holds its last value, so the forward-mode
// derivative (and value) would be wrong (1.7065 where 1.1008 is right):
// refused at the system, with the observer's write noted.
#include <array>
#include <ddx/ddx.hpp>
#include "boost_odeint.hpp"

namespace ode = boost::numeric::odeint;
using state2 = std::array<double, 2>;

double held(double k, double x0) {
  double u = 0;
  auto sys = [&u, k](const state2 &x, state2 &dxdt, double) {
    dxdt[0] = -k * x[0] + u;
    dxdt[1] = x[0];
  };
  state2 x{x0, 0.0};
  ode::integrate_const(ode::runge_kutta4<state2>(), sys, x, 0.0, 1.0, 0.1,
                       [&u](const state2 &s, double) {
                         u = -0.5 * s[0] * s[0];
                       });
  return x[0] + x[1];
}

int main() {
  auto [v, dk] = ddx::derivative(held, ddx::dual(0.8, 1.0), 1.5);
  return v > dk;
}
