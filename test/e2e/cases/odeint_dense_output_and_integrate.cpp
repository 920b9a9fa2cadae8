// Case: Boost.Odeint's integrate_adaptive with dense-output steppers
// (make_dense_output with runge_kutta_dopri5; odeint takes whole steps and
// ends the last one on time) and the convenience integrate(system, x, t0,
// t1, dt) (a dopri5 under odeint's default error control), on std::array
// and std::vector states, forward and reverse. The derivative is that of
// the steps odeint accepted: with tight tolerances it agrees with finite
// differences of the primal; with integrate()'s default 1e-6 it agrees
// with them to about that.
#include "boost_odeint.hpp"
#include "check.hpp"
#include <array>
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

namespace ode = boost::numeric::odeint;
using state2 = std::array<double, 2>;

// A forced, damped oscillator under dense-output dopri5.
double dense_dopri5(double k, double c) {
  auto sys = [k, c](const state2 &x, state2 &dxdt, double t) {
    dxdt[0] = x[1];
    dxdt[1] = -k * x[0] - c * x[1] + std::sin(t);
  };
  state2 x{1.0, 0.0};
  ode::integrate_adaptive(
      ode::make_dense_output(1e-12, 1e-12, ode::runge_kutta_dopri5<state2>()),
      sys, x, 0.0, 2.5, 0.1);
  return x[0] + 2 * x[1];
}

// Logistic growth with harvesting on a std::vector, by integrate().
double logistic(double r, double h) {
  auto sys = [r, h](const std::vector<double> &x, std::vector<double> &dxdt,
                    double) {
    dxdt[0] = r * x[0] * (1 - x[0]) - h * x[0];
    dxdt[1] = x[0];
  };
  std::vector<double> x{0.1, 0.0};
  ode::integrate(sys, x, 0.0, 3.0, 0.1);
  return x[0] * x[1];
}

int main() {
  {
    auto [v, dx, dy] =
        ddx::gradient(dense_dopri5, ddx::active(2.0), ddx::active(0.3));
    auto [v1, tx] = ddx::derivative(dense_dopri5, ddx::dual(2.0, 1.0), 0.3);
    auto [v2, ty] = ddx::derivative(dense_dopri5, 2.0, ddx::dual(0.3, 1.0));
    check::two_inputs("dense_dopri5", dense_dopri5, 2.0, 0.3, v, dx, dy, v1, tx,
                      v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(logistic, ddx::active(1.5), ddx::active(0.2));
    auto [v1, tx] = ddx::derivative(logistic, ddx::dual(1.5, 1.0), 0.2);
    auto [v2, ty] = ddx::derivative(logistic, 1.5, ddx::dual(0.2, 1.0));
    check::two_inputs("logistic", logistic, 1.5, 0.2, v, dx, dy, v1, tx, v2, ty,
                      1e-4);
  }
  return check::finish();
}
