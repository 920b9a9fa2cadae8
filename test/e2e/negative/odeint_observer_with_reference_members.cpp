// EXPECT-EXIT: 1
// EXPECT-DIAG: 21:24: cannot differentiate through 'self' yet
// EXPECT-NOTE: 21:24: hold a pointer instead
// EXPECT-NOTE: 40:24: while differentiating
// Case: the observer odeint's documentation writes as a struct holding
// references to the vectors it fills, passed to integrate_times. Its
// derivative would be made as a zeroed copy of the struct, whose reference
// members would have nothing to refer to: refused at its call operator
// (ddx once crashed on its push_back), with what to write instead
// (a lambda capturing the vectors by reference works:
// odeint_integrate_times).
#include "boost_odeint.hpp"
#include <array>
#include <ddx/ddx.hpp>
#include <vector>

namespace ode = boost::numeric::odeint;
using state2 = std::array<double, 2>;

struct push_back_state_and_time {
  std::vector<state2> &m_states;
  std::vector<double> &m_times;
  void operator()(const state2 &x, double t) {
    m_states.push_back(x);
    m_times.push_back(t);
  }
};

double observed(double k, double x0) {
  auto sys = [k](const state2 &x, state2 &dxdt, double) {
    dxdt[0] = -k * x[0] + x[1];
    dxdt[1] = -x[0];
  };
  std::vector<double> times{0.0, 0.35, 1.0};
  std::vector<state2> states;
  std::vector<double> seen;
  state2 x{x0, 0.0};
  ode::integrate_times(ode::runge_kutta4<state2>(), sys, x, times.begin(),
                       times.end(), 0.1,
                       push_back_state_and_time{states, seen});
  return states[2][0];
}

int main() {
  auto [v, dk, dx] =
      ddx::gradient(observed, ddx::active(0.8), ddx::active(1.5));
  return v > dk + dx;
}
