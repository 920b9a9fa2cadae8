// EXPECT-EXIT: 1
// EXPECT-DIAG: 24:54: writes 'trace', which it captures or points to
// Case: an ODE system that records every evaluation in a std::vector it
// captures by reference. The rule replays the steps' stages to
// differentiate them, so the record would hold more evaluations than the
// primal made: refused (reading a captured vector, a[0], is fine).
#include <ddx/ddx.hpp>
#include <boost/numeric/odeint.hpp>
#include <array>
#include <vector>

using state = std::array<double, 2>;

double traced(double k) {
  std::vector<double> trace;
  std::array<double, 1> scale{0.5};
  auto sys = [k, &trace, &scale](const state &x, state &dxdt, double) {
    trace.push_back(x[0]);
    dxdt[0] = x[1];
    dxdt[1] = -k * x[0] * scale[0];
  };
  state x{1.0, 0.0};
  boost::numeric::odeint::integrate_const(
      boost::numeric::odeint::runge_kutta4<state>(), sys, x, 0.0, 1.0, 0.1);
  return x[0] + 1e-3 * double(trace.size());
}

int main() {
  auto [v, dk] = ddx::gradient(traced, ddx::active(1.5));
  return v > dk;
}
