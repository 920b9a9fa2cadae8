// Case: rules that record what their pullback needs in the forward sweep
// (docs/rules.md, "Records"), called where one record is not enough: an
// ODE integrated segment by segment in a loop (one trajectory recorded per
// segment, taken back last first), a Newton root in a function called
// twice (forward and reverse sweeps in functions of their own), a root
// whose result variable a loop overwrites, and a bracket from toms748
// beside an ODE; and records in a function whose results are output
// parameters (the gradient runs its forward sweep twice), forward and
// reverse, checked against finite differences.
#include "boost_odeint.hpp"
#include "check.hpp"
#include <array>
#include <boost/math/tools/roots.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <cmath>
#include <cstdint>
#include <ddx/ddx.hpp>
#include <utility>

namespace ode = boost::numeric::odeint;
using state2 = std::array<double, 2>;

// A damped oscillator driven by a forcing that changes per segment: each
// integrate_const call records its own trajectory.
double segments(double k, double f) {
  state2 x{1.0, 0.0};
  for (int s = 0; s < 4; ++s) {
    double force = f * (s + 1);
    auto sys = [k, force](const state2 &u, state2 &du, double) {
      du[0] = u[1];
      du[1] = -k * u[0] - 0.1 * u[1] + force;
    };
    ode::integrate_const(ode::runge_kutta4<state2>(), sys, x, 0.0, 0.5, 0.05);
  }
  return x[0] * x[0] + x[1];
}

// A cube root by Newton's method, in a function of its own.
double cube_root(double p) {
  auto f = [p](double x) { return std::make_pair(x * x * x - p, 3 * x * x); };
  return boost::math::tools::newton_raphson_iterate(f, 1.0, 0.0, 10.0, 50);
}
// Called twice, and a root overwritten in a loop.
double roots_in_loop(double p, double q) {
  double sum = cube_root(p) * cube_root(q);
  double r = 0;
  for (int i = 1; i <= 3; ++i) {
    double c = p + i * q;
    auto g = [c](double x) { return std::make_pair(x * x - c, 2 * x); };
    r = boost::math::tools::newton_raphson_iterate(g, 2.0, 0.0, 10.0, 50);
    sum += r * i;
  }
  return sum + r;
}

// A bracket from toms748 sets the time span of an ODE.
double bracket_then_ode(double a, double b) {
  auto g = [a](double t) { return std::exp(a * t) - 3.0; };
  std::uintmax_t iterations = 60;
  auto bracket = boost::math::tools::toms748_solve(
      g, 0.0, 5.0, boost::math::tools::eps_tolerance<double>(50), iterations);
  double end = 0.5 * (bracket.first + bracket.second);
  auto sys = [b](const state2 &u, state2 &du, double) {
    du[0] = -b * u[0];
    du[1] = u[0];
  };
  state2 x{1.0, 0.0};
  ode::integrate_n_steps(ode::runge_kutta_dopri5<state2>(), sys, x, 0.0, 0.01,
                         50);
  return end * x[0] + x[1];
}

// Results through output parameters.
void ode_and_root(double k, double &end, double &root) {
  auto sys = [k](const state2 &u, state2 &du, double) {
    du[0] = u[1];
    du[1] = -k * u[0];
  };
  state2 u{1.0, 0.0};
  ode::integrate_const(ode::runge_kutta4<state2>(), sys, u, 0.0, 1.0, 0.1);
  end = u[0];
  auto f = [k](double x) { return std::make_pair(x * x - k, 2 * x); };
  root = boost::math::tools::newton_raphson_iterate(f, 1.0, 0.0, 10.0, 50);
}

int main() {
  {
    double end = 0, d_end = 1, root = 0, d_root = 2;
    auto [dk] = ddx::gradient(ode_and_root, ddx::active(2.0),
                              ddx::duplicated(end, d_end),
                              ddx::duplicated(root, d_root));
    double e0 = 0, r0 = 0, te = 0, tr = 0;
    ddx::derivative(ode_and_root, ddx::dual(2.0, 1.0), ddx::duplicated(e0, te),
                    ddx::duplicated(r0, tr));
    auto both = [](double k) {
      double e, r;
      ode_and_root(k, e, r);
      return e + 2 * r;
    };
    check::fd("ode_and_root d/dk", dk, [&](double h) { return both(2.0 + h); });
    check::near("ode_and_root fwd vs rev", te + 2 * tr, dk, 1e-12);
    check::near("ode_and_root value", e0 + 2 * r0, both(2.0));
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(segments, ddx::active(2.0), ddx::active(0.3));
    auto [v1, tx] = ddx::derivative(segments, ddx::dual(2.0, 1.0), 0.3);
    auto [v2, ty] = ddx::derivative(segments, 2.0, ddx::dual(0.3, 1.0));
    check::two_inputs("segments", segments, 2.0, 0.3, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(roots_in_loop, ddx::active(2.0), ddx::active(0.5));
    auto [v1, tx] = ddx::derivative(roots_in_loop, ddx::dual(2.0, 1.0), 0.5);
    auto [v2, ty] = ddx::derivative(roots_in_loop, 2.0, ddx::dual(0.5, 1.0));
    check::two_inputs("roots_in_loop", roots_in_loop, 2.0, 0.5, v, dx, dy, v1,
                      tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(bracket_then_ode, ddx::active(0.7), ddx::active(1.3));
    auto [v1, tx] = ddx::derivative(bracket_then_ode, ddx::dual(0.7, 1.0), 1.3);
    auto [v2, ty] = ddx::derivative(bracket_then_ode, 0.7, ddx::dual(1.3, 1.0));
    check::two_inputs("bracket_then_ode", bracket_then_ode, 0.7, 1.3, v, dx, dy,
                      v1, tx, v2, ty);
  }
  return check::finish();
}
