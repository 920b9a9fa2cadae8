// ddx rules for Boost.Odeint's integrate_const and integrate_n_steps with
// the explicit fixed-step steppers euler and runge_kutta4, on states that
// are std::array or std::vector of numbers.
//
// The derivative is that of the steps odeint took (a discrete tangent and
// a discrete adjoint), not of the exact flow: the primal runs in odeint
// with an observer that records the state before each step and its time;
// the tangent then replays each step's stages with the system's
// pushforward, and the adjoint pulls them back last step first, stage by
// stage, with the system's pullback. Reverse mode keeps one state per step
// (8 * size bytes a step) and recomputes the stages of the step it pulls
// back; it runs the integration once more to find the states, from the
// starting state the reverse sweep put back. Start time, end time and dt
// are options.
#ifndef DDX_RULES_BOOST_NUMERIC_ODEINT_INTEGRATE_HPP
#define DDX_RULES_BOOST_NUMERIC_ODEINT_INTEGRATE_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <array>
#include <boost/numeric/odeint/integrate/integrate_const.hpp>
#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>
#include <boost/numeric/odeint/stepper/euler.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>
#include <cstddef>
#include <ddx/rule.hpp>
#include <vector>

namespace ddx::rules::odeint_detail {

/// The Butcher tableaus of the steppers the rules replay, as odeint's
/// explicit_generic_rk holds them.
struct euler_tableau {
  static constexpr int stages = 1;
  static constexpr double a[1][1] = {{0}};
  static constexpr double b[1] = {1};
  static constexpr double c[1] = {0};
};
struct runge_kutta4_tableau {
  static constexpr int stages = 4;
  static constexpr double a[4][4] = {
      {0, 0, 0, 0}, {0.5, 0, 0, 0}, {0, 0.5, 0, 0}, {0, 0, 1, 0}};
  static constexpr double b[4] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
  static constexpr double c[4] = {0, 0.5, 0.5, 1};
};

/// A state of the same size with zeros.
template <class State> State zeros_like(const State &x) {
  State z = x;
  for (auto &v : z)
    v = 0;
  return z;
}

/// The states odeint stepped from and the times of the steps (and, last,
/// the final state and time).
template <class State, class Time> struct trajectory {
  std::vector<State> states;
  std::vector<Time> times;
};
/// An odeint observer filling a trajectory (odeint copies observers).
template <class State, class Time> struct recorder {
  trajectory<State, Time> *into;
  void operator()(const State &x, Time t) const {
    into->states.push_back(x);
    into->times.push_back(t);
  }
};

/// The input of stage i: x + dt * sum_j a[i][j] k[j].
template <class Tab, class State, class Time, std::size_t S>
void stage_input(int i, const State &x, const std::array<State, S> &k, Time dt,
                 State &into) {
  for (std::size_t n = 0; n < x.size(); ++n) {
    Time v = x[n];
    for (int j = 0; j < i; ++j)
      if (Tab::a[i][j] != 0)
        v += dt * Time(Tab::a[i][j]) * k[j][n];
    into[n] = v;
  }
}

/// One step's tangent: dx (the tangent at the step's start) becomes the
/// tangent at its end, along dx and the system's captured tangents.
template <class Tab, class F, class State, class Time>
void step_tangent(const F &f, const State &x, State &dx, Time t, Time dt) {
  constexpr int S = Tab::stages;
  std::array<State, S> k, dk;
  State input = x, dinput = x;
  for (int i = 0; i < S; ++i) {
    stage_input<Tab>(i, x, k, dt, input);
    stage_input<Tab>(i, dx, dk, dt, dinput);
    k[i] = zeros_like(x);
    dk[i] = zeros_like(x);
    f.pushforward(input, k[i], t + Time(Tab::c[i]) * dt, dinput, dk[i],
                  Time(0));
  }
  for (std::size_t n = 0; n < x.size(); ++n)
    for (int i = 0; i < S; ++i)
      dx[n] += dt * Time(Tab::b[i]) * dk[i][n];
}

/// One step's adjoint: lambda (the adjoint at the step's end) becomes the
/// adjoint at its start; the system adds into its captures' adjoints.
template <class Tab, class F, class State, class Time>
void step_pullback(const F &f, const State &x, State &lambda, Time t, Time dt) {
  constexpr int S = Tab::stages;
  std::array<State, S> k, input, nu;
  for (int i = 0; i < S; ++i) {
    input[i] = x;
    stage_input<Tab>(i, x, k, dt, input[i]);
    k[i] = zeros_like(x);
    f(input[i], k[i], t + Time(Tab::c[i]) * dt);
  }
  State start = lambda, kappa = x, scratch = x;
  for (int i = S - 1; i >= 0; --i) {
    // The adjoint of k[i]: through the step's sum, and through the inputs
    // of the later stages.
    for (std::size_t n = 0; n < x.size(); ++n) {
      Time v = dt * Time(Tab::b[i]) * lambda[n];
      for (int j = i + 1; j < S; ++j)
        if (Tab::a[j][i] != 0)
          v += dt * Time(Tab::a[j][i]) * nu[j][n];
      kappa[n] = v;
    }
    nu[i] = zeros_like(x);
    Time dtime = 0;
    f.pullback(input[i], scratch, t + Time(Tab::c[i]) * dt, nu[i], kappa,
               dtime);
    for (std::size_t n = 0; n < x.size(); ++n)
      start[n] += nu[i][n];
  }
  lambda = start;
}

template <class Tab, class State, class Time, class F>
void tangent(const F &f, const trajectory<State, Time> &path, Time dt,
             State &dstate) {
  for (std::size_t i = 0; i + 1 < path.states.size(); ++i)
    step_tangent<Tab>(f, path.states[i], dstate, path.times[i], dt);
}
template <class Tab, class State, class Time, class F>
void pullback(const F &f, const trajectory<State, Time> &path, Time dt,
              State &dstate) {
  for (std::size_t i = path.states.size() - 1; i-- > 0;)
    step_pullback<Tab>(f, path.states[i], dstate, path.times[i], dt);
}

} // namespace ddx::rules::odeint_detail

namespace ddx::rules::boost::numeric::odeint {

// For each stepper: integrate_const(stepper, system, state, t0, t1, dt) and
// integrate_n_steps(stepper, system, state, t0, dt, n). The state is
// updated in place: its tangent slot is its shadow, which the pushforward
// carries to the end, and in reverse mode the pullback finds in it the
// adjoint of the final state and leaves there that of the starting state.
#define DDX_ODEINT_FIXED_STEP_RULES(name)                                      \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time>                             \
  std::size_t integrate_const_pushforward(                                     \
      DDX_OPTION ::boost::numeric::odeint::name<S, V, D, T, A, O, R> stepper,  \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION Time start, DDX_OPTION Time end, DDX_OPTION Time dt,          \
      State &dstate) {                                                         \
    odeint_detail::trajectory<State, Time> path;                               \
    std::size_t steps = ::boost::numeric::odeint::integrate_const(             \
        stepper, system, state, start, end, dt,                                \
        odeint_detail::recorder<State, Time>{&path});                          \
    odeint_detail::tangent<odeint_detail::name##_tableau>(system, path, dt,    \
                                                          dstate);             \
    return steps;                                                              \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time>                             \
  void integrate_const_pullback(                                               \
      DDX_OPTION ::boost::numeric::odeint::name<S, V, D, T, A, O, R> stepper,  \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION Time start, DDX_OPTION Time end, DDX_OPTION Time dt,          \
      State &dstate) {                                                         \
    odeint_detail::trajectory<State, Time> path;                               \
    State x = state;                                                           \
    ::boost::numeric::odeint::integrate_const(                                 \
        stepper, system, x, start, end, dt,                                    \
        odeint_detail::recorder<State, Time>{&path});                          \
    odeint_detail::pullback<odeint_detail::name##_tableau>(system, path, dt,   \
                                                           dstate);            \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time>                             \
  ::ddx::dual<Time> integrate_n_steps_pushforward(                             \
      DDX_OPTION ::boost::numeric::odeint::name<S, V, D, T, A, O, R> stepper,  \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION Time start, DDX_OPTION Time dt, DDX_OPTION std::size_t steps, \
      State &dstate) {                                                         \
    odeint_detail::trajectory<State, Time> path;                               \
    Time end = ::boost::numeric::odeint::integrate_n_steps(                    \
        stepper, system, state, start, dt, steps,                              \
        odeint_detail::recorder<State, Time>{&path});                          \
    odeint_detail::tangent<odeint_detail::name##_tableau>(system, path, dt,    \
                                                          dstate);             \
    return {end, Time(0)};                                                     \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time>                             \
  void integrate_n_steps_pullback(                                             \
      DDX_OPTION ::boost::numeric::odeint::name<S, V, D, T, A, O, R> stepper,  \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION Time start, DDX_OPTION Time dt, DDX_OPTION std::size_t steps, \
      ::ddx::tangent_t<Time>, State &dstate) {                                 \
    odeint_detail::trajectory<State, Time> path;                               \
    State x = state;                                                           \
    ::boost::numeric::odeint::integrate_n_steps(                               \
        stepper, system, x, start, dt, steps,                                  \
        odeint_detail::recorder<State, Time>{&path});                          \
    odeint_detail::pullback<odeint_detail::name##_tableau>(system, path, dt,   \
                                                           dstate);            \
  }

DDX_ODEINT_FIXED_STEP_RULES(euler)
DDX_ODEINT_FIXED_STEP_RULES(runge_kutta4)
#undef DDX_ODEINT_FIXED_STEP_RULES

} // namespace ddx::rules::boost::numeric::odeint

#endif // DDX_RULES_BOOST_NUMERIC_ODEINT_INTEGRATE_HPP
