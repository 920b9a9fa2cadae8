// EXPECT-EXIT: 1
// EXPECT-DIAG: 17:3: integrate_adaptive': it has no derivative rule
// Case: Boost.Odeint's integrate_adaptive with a controlled dopri5 stepper
// has no rule yet (the rules cover integrate_const and integrate_n_steps
// with euler and runge_kutta4): refused at the call, where before the
// output did not compile
#include <ddx/ddx.hpp>
#include <boost/numeric/odeint.hpp>
#include <array>

namespace ode = boost::numeric::odeint;
using state = std::array<double, 2>;

double adaptive(double k, double c) {
  auto sys = [k, c](const state &x, state &dxdt, double) { dxdt[0] = x[1]; dxdt[1] = -k * x[0] - c * x[1]; };
  state x{1.0, 0.0};
  ode::integrate_adaptive(ode::make_controlled(1e-8, 1e-8, ode::runge_kutta_dopri5<state>()), sys, x, 0.0, 2.0, 0.01);
  return x[0];
}

int main() {
  auto [v, dk, dc] = ddx::gradient(adaptive, ddx::active(1.5), ddx::active(0.3));
  return v + dk + dc > 0;
}
