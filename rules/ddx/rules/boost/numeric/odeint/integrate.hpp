// ddx rules for Boost.Odeint's integrate_const, integrate_n_steps,
// integrate_adaptive and integrate_times (with its observer) with the
// explicit Runge-Kutta steppers euler,
// runge_kutta4, runge_kutta_cash_karp54, runge_kutta_dopri5 and
// runge_kutta_fehlberg78 (plain, or controlled; dense-output Dormand-Prince
// too), on
// states that are std::array or std::vector of numbers.
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
// are options. An adaptive integration's step sizes are those the primal
// accepted, held constant (their dependence on the state through the error
// control is not differentiated, as in any discrete adjoint of an adaptive
// solver).
#ifndef DDX_RULES_BOOST_NUMERIC_ODEINT_INTEGRATE_HPP
#define DDX_RULES_BOOST_NUMERIC_ODEINT_INTEGRATE_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <array>
#include <boost/numeric/odeint/integrate/integrate.hpp>
#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>
#include <boost/numeric/odeint/integrate/integrate_const.hpp>
#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>
#include <boost/numeric/odeint/integrate/integrate_times.hpp>
#include <boost/numeric/odeint/stepper/controlled_runge_kutta.hpp>
#include <boost/numeric/odeint/stepper/dense_output_runge_kutta.hpp>
#include <boost/numeric/odeint/stepper/euler.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_cash_karp54.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_dopri5.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>
#include <cstddef>
#include <ddx/rule.hpp>
#include <iterator>
#include <utility>
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
/// (The fifth-order solutions, which odeint steps with.)
struct runge_kutta_cash_karp54_tableau {
  static constexpr int stages = 6;
  static constexpr double a[6][6] = {
      {0, 0, 0, 0, 0, 0},
      {1.0 / 5, 0, 0, 0, 0, 0},
      {3.0 / 40, 9.0 / 40, 0, 0, 0, 0},
      {3.0 / 10, -9.0 / 10, 6.0 / 5, 0, 0, 0},
      {-11.0 / 54, 5.0 / 2, -70.0 / 27, 35.0 / 27, 0, 0},
      {1631.0 / 55296, 175.0 / 512, 575.0 / 13824, 44275.0 / 110592,
       253.0 / 4096, 0}};
  static constexpr double b[6] = {37.0 / 378,  0, 250.0 / 621,
                                  125.0 / 594, 0, 512.0 / 1771};
  static constexpr double c[6] = {0, 1.0 / 5, 3.0 / 10, 3.0 / 5, 1, 7.0 / 8};
};
struct runge_kutta_dopri5_tableau {
  static constexpr int stages = 6;
  static constexpr double a[6][6] = {
      {0, 0, 0, 0, 0, 0},
      {1.0 / 5, 0, 0, 0, 0, 0},
      {3.0 / 40, 9.0 / 40, 0, 0, 0, 0},
      {44.0 / 45, -56.0 / 15, 32.0 / 9, 0, 0, 0},
      {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729, 0, 0},
      {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656,
       0}};
  static constexpr double b[6] = {
      35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84};
  static constexpr double c[6] = {0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1};
};

struct runge_kutta_fehlberg78_tableau {
  static constexpr int stages = 13;
  static constexpr double a[13][13] = {
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
      {2.0 / 27, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
      {1.0 / 36, 1.0 / 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
      {1.0 / 24, 0, 1.0 / 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
      {5.0 / 12, 0, -25.0 / 16, 25.0 / 16, 0, 0, 0, 0, 0, 0, 0, 0, 0},
      {1.0 / 20, 0, 0, 1.0 / 4, 1.0 / 5, 0, 0, 0, 0, 0, 0, 0, 0},
      {-25.0 / 108, 0, 0, 125.0 / 108, -65.0 / 27, 125.0 / 54, 0, 0, 0, 0, 0, 0,
       0},
      {31.0 / 300, 0, 0, 0, 61.0 / 225, -2.0 / 9, 13.0 / 900, 0, 0, 0, 0, 0, 0},
      {2.0, 0, 0, -53.0 / 6, 704.0 / 45, -107.0 / 9, 67.0 / 90, 3.0, 0, 0, 0, 0,
       0},
      {-91.0 / 108, 0, 0, 23.0 / 108, -976.0 / 135, 311.0 / 54, -19.0 / 60,
       17.0 / 6, -1.0 / 12, 0, 0, 0, 0},
      {2383.0 / 4100, 0, 0, -341.0 / 164, 4496.0 / 1025, -301.0 / 82,
       2133.0 / 4100, 45.0 / 82, 45.0 / 164, 18.0 / 41, 0, 0, 0},
      {3.0 / 205, 0, 0, 0, 0, -6.0 / 41, -3.0 / 205, -3.0 / 41, 3.0 / 41,
       6.0 / 41, 0, 0, 0},
      {-1777.0 / 4100, 0, 0, -341.0 / 164, 4496.0 / 1025, -289.0 / 82,
       2193.0 / 4100, 51.0 / 82, 33.0 / 164, 12.0 / 41, 0, 1.0, 0}};
  static constexpr double b[13] = {
      0,        0,         0,         0, 0,          34.0 / 105, 9.0 / 35,
      9.0 / 35, 9.0 / 280, 9.0 / 280, 0, 41.0 / 840, 41.0 / 840};
  static constexpr double c[13] = {
      0,       2.0 / 27, 1.0 / 9, 1.0 / 6, 5.0 / 12, 1.0 / 2, 5.0 / 6,
      1.0 / 6, 2.0 / 3,  1.0 / 3, 1.0,     0,        1.0};
};

/// The tableau of an odeint stepper; controlled steppers step with their
/// error stepper's.
template <class Stepper> struct tableau_of;
template <class... P> struct tableau_of<::boost::numeric::odeint::euler<P...>> {
  using type = euler_tableau;
};
template <class... P>
struct tableau_of<::boost::numeric::odeint::runge_kutta4<P...>> {
  using type = runge_kutta4_tableau;
};
template <class... P>
struct tableau_of<::boost::numeric::odeint::runge_kutta_cash_karp54<P...>> {
  using type = runge_kutta_cash_karp54_tableau;
};
template <class... P>
struct tableau_of<::boost::numeric::odeint::runge_kutta_dopri5<P...>> {
  using type = runge_kutta_dopri5_tableau;
};
template <class... P>
struct tableau_of<::boost::numeric::odeint::runge_kutta_fehlberg78<P...>> {
  using type = runge_kutta_fehlberg78_tableau;
};
template <class E, class... P>
struct tableau_of<::boost::numeric::odeint::controlled_runge_kutta<E, P...>>
    : tableau_of<E> {};
/// Dense-output steppers step with their stepper's (integrate_adaptive
/// takes whole steps with them, and the last one ends on time).
template <class S, class Category>
struct tableau_of<
    ::boost::numeric::odeint::dense_output_runge_kutta<S, Category>>
    : tableau_of<S> {};
/// A tableau named directly (integrate(), whose stepper is internal).
template <class Tab> struct with_tableau {};
template <class Tab> struct tableau_of<with_tableau<Tab>> { using type = Tab; };

/// odeint's dense-output stepper with a Dormand-Prince stepper inside.
template <class S>
using dense_output_fsal = ::boost::numeric::odeint::dense_output_runge_kutta<
    S, ::boost::numeric::odeint::explicit_controlled_stepper_fsal_tag>;

/// A state a dense-output integration interpolated: in step `step` (from
/// the trajectory's states[step] to states[step + 1]), at time `at`.
template <class Time> struct interpolation_point {
  std::size_t step;
  Time at;
};

template <class State, class Time> struct trajectory;
/// No observer of the user's.
struct no_observer {
  template <class State, class Time> void operator()(const State &, Time) {}
};
/// An odeint observer filling a trajectory (odeint copies observers), and
/// calling the user's observer, if any, as odeint would have.
template <class State, class Time, class User = no_observer> struct recorder {
  trajectory<State, Time> *into;
  User *user = nullptr;
  void operator()(const State &x, Time t) const {
    into->record(x, t);
    if (user)
      (*user)(x, t);
  }
};
/// The same for one interval of an integration odeint runs from one grid
/// time to the next (see grid_controlled).
template <class State, class Time> struct interval_recorder {
  trajectory<State, Time> *into;
  void operator()(const State &x, Time t) const {
    into->observe_interval(x, t);
  }
};

/// The states odeint stepped from and the times of the steps (and, last,
/// the final state and time).
template <class State, class Time> struct trajectory {
  std::vector<State> states;
  std::vector<Time> times;
  /// The steps' sizes: dt each (integrate_const, integrate_n_steps); the
  /// last one shortened to end at end (integrate_adaptive with a plain
  /// stepper, computed as odeint does); or, from a controlled stepper, the
  /// times' differences.
  std::vector<Time> fixed(Time dt) const {
    return std::vector<Time>(times.empty() ? 0 : times.size() - 1, dt);
  }
  std::vector<Time> fixed_to(Time start, Time end, Time dt) const {
    namespace detail = ::boost::numeric::odeint::detail;
    std::size_t full = 0;
    while (detail::less_eq_with_sign(
        static_cast<Time>(start + Time(full) * dt + dt), end, dt))
      ++full;
    std::vector<Time> sizes(full, dt);
    Time reached = start + dt * Time(full);
    if (detail::less_with_sign(reached, end, dt))
      sizes.push_back(end - reached);
    return sizes;
  }
  /// A state odeint stepped from (or ended with), and its time.
  void record(const State &x, Time t) {
    states.push_back(x);
    times.push_back(t);
  }
  recorder<State, Time> observer() { return {this}; }
  template <class User> recorder<State, Time, User> observer(User *user) {
    return {this, user};
  }
  /// Every recorded state observed, at its time (what an integration
  /// whose observer the recorder is shows the user's observer).
  void observe_all() {
    observations.clear();
    for (std::size_t i = 0; i < states.size(); ++i)
      observations.push_back({i, times[i]});
  }
  /// An observer of the next interval, whose first observation is the
  /// state the last interval ended with: the step from it starts at the
  /// grid time odeint goes on from, which replaces the time it ended at
  /// (they differ by rounding).
  interval_recorder<State, Time> interval_observer() {
    opening = true;
    return {this};
  }
  void observe_interval(const State &x, Time t) {
    if (opening && !times.empty())
      times.back() = t;
    else
      record(x, t);
    opening = false;
  }
  bool opening = false;
  /// The observations of an integration that calls an observer the rule
  /// records apart (integrate_times): the index of the state observed, and
  /// the time odeint passed. And the sizes of the steps, where the rule
  /// knows them as odeint took them.
  std::vector<std::pair<std::size_t, Time>> observations;
  std::vector<Time> sizes_taken;
  void observe(Time t) { observations.push_back({states.size() - 1, t}); }
  /// An observation of the last state after the steps began (odeint's
  /// integrate_n_steps with dense output observes the state it stepped on
  /// to, after the interpolations), or null.
  const std::pair<std::size_t, Time> *final_observation() const {
    return states.size() > 1 && !observations.empty() &&
                   observations.back().first + 1 == states.size()
               ? &observations.back()
               : nullptr;
  }
  void stepped(const State &x, Time t, Time dt) {
    record(x, t);
    sizes_taken.push_back(dt);
  }
  /// The states an observer saw interpolated (integrate_times with dense
  /// output), where and what.
  std::vector<interpolation_point<Time>> seen_at;
  std::vector<State> seen;
  /// A dense-output integration's last interpolation, which gave the final
  /// state: in step interpolated_in (from states[i] to states[i + 1]), at
  /// time interpolated_at; none (the state not written) if !interpolated.
  bool interpolated = false;
  std::size_t interpolated_in = 0;
  Time interpolated_at{};
  void interpolate(Time at) {
    interpolated = states.size() >= 2;
    interpolated_in = states.size() - 2;
    interpolated_at = at;
  }
  std::vector<Time> accepted() const {
    std::vector<Time> sizes;
    for (std::size_t i = 0; i + 1 < times.size(); ++i)
      sizes.push_back(times[i + 1] - times[i]);
    return sizes;
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

/// Sets every element of a state to zero.
template <class State> void set_zero(State &x) {
  for (auto &v : x)
    v = 0;
}

/// The stages' states of one step, made once for a whole trajectory and
/// reused by each step (a std::vector state would otherwise allocate a
/// dozen vectors a step). k: the stages' derivatives; input: their
/// inputs; and, for the tangent, their tangents, or for the adjoint, the
/// adjoints of their inputs (nu) and of their derivatives (kappa).
template <int S, class State> struct stage_states {
  std::array<State, S> k, input, nu, kappa;
  State sum;
  explicit stage_states(const State &x) : sum(x) {
    for (int i = 0; i < S; ++i)
      k[i] = input[i] = nu[i] = kappa[i] = x;
  }
};

/// One step's tangent: dx (the tangent at the step's start) becomes the
/// tangent at its end, along dx and the system's captured tangents. (nu
/// holds the stages' tangents, kappa their inputs' tangents.)
template <class Tab, class F, class State, class Time>
void step_tangent(const F &f, const State &x, State &dx, Time t, Time dt,
                  stage_states<Tab::stages, State> &w) {
  constexpr int S = Tab::stages;
  for (int i = 0; i < S; ++i) {
    stage_input<Tab>(i, x, w.k, dt, w.input[i]);
    stage_input<Tab>(i, dx, w.nu, dt, w.kappa[i]);
    set_zero(w.k[i]);
    set_zero(w.nu[i]);
    f.pushforward(w.input[i], w.k[i], t + Time(Tab::c[i]) * dt, w.kappa[i],
                  w.nu[i], Time(0));
  }
  for (std::size_t n = 0; n < x.size(); ++n)
    for (int i = 0; i < S; ++i)
      dx[n] += dt * Time(Tab::b[i]) * w.nu[i][n];
}

/// One step's adjoint: lambda (the adjoint at the step's end) becomes the
/// adjoint at its start; the system adds into its captures' adjoints. The
/// stages are evaluated again by the system's forward sweep, whose records
/// their reverse sweeps take, last stage first.
///
/// With `extra`, the step's stages also feed states interpolated in the
/// step (dense output), x + dt (sum_i w_i k_i + w_end f(x_end)): what their
/// adjoints add to x's (start) and to each k_i's (stages; the part through
/// f(x_end) the caller pulls back into lambda first).
template <int S, class State> struct interpolated_adjoints {
  State start;
  std::array<State, S> stages;
  State end; ///< what they add to f(x_end)'s adjoint
  bool any = false;
  explicit interpolated_adjoints(const State &like) : start(like), end(like) {
    for (auto &s : stages)
      s = like;
    clear();
  }
  void clear() {
    set_zero(start);
    set_zero(end);
    for (auto &s : stages)
      set_zero(s);
    any = false;
  }
  /// An interpolated state's adjoint, with its weights in a step of dt.
  template <class Time>
  void add(const State &lambda, const std::array<Time, S> &weights, Time at_end,
           Time dt) {
    for (std::size_t n = 0; n < lambda.size(); ++n) {
      start[n] += lambda[n];
      end[n] += dt * at_end * lambda[n];
      for (int i = 0; i < S; ++i)
        stages[i][n] += dt * weights[i] * lambda[n];
    }
    any = true;
  }
};
template <class Tab, class F, class State, class Time>
void step_pullback(
    const F &f, const State &x, State &lambda, Time t, Time dt,
    stage_states<Tab::stages, State> &w,
    const interpolated_adjoints<Tab::stages, State> *extra = nullptr) {
  constexpr int S = Tab::stages;
  Time dtime = 0;
  for (int i = 0; i < S; ++i) {
    stage_input<Tab>(i, x, w.k, dt, w.input[i]);
    set_zero(w.k[i]);
    set_zero(w.nu[i]);
    set_zero(w.kappa[i]);
    f.forward(w.input[i], w.k[i], t + Time(Tab::c[i]) * dt, w.nu[i], w.kappa[i],
              dtime);
  }
  w.sum = lambda;
  if (extra)
    for (std::size_t n = 0; n < x.size(); ++n)
      w.sum[n] += extra->start[n];
  for (int i = S - 1; i >= 0; --i) {
    // The adjoint of k[i]: through the step's sum, and through the inputs
    // of the later stages.
    for (std::size_t n = 0; n < x.size(); ++n) {
      Time v = dt * Time(Tab::b[i]) * lambda[n];
      if (extra)
        v += extra->stages[i][n];
      for (int j = i + 1; j < S; ++j)
        if (Tab::a[j][i] != 0)
          v += dt * Time(Tab::a[j][i]) * w.nu[j][n];
      w.kappa[i][n] = v;
    }
    f.reverse(w.input[i], w.k[i], t + Time(Tab::c[i]) * dt, w.nu[i], w.kappa[i],
              dtime);
    for (std::size_t n = 0; n < x.size(); ++n)
      w.sum[n] += w.nu[i][n];
  }
  lambda = w.sum;
}

/// The tangent along a trajectory stepped by Stepper (whose tableau the
/// steps are replayed with), and the adjoint back along it.
template <class Stepper, class State, class Time, class F>
void tangent(const Stepper &, const F &f, const trajectory<State, Time> &path,
             const std::vector<Time> &dts, State &dstate) {
  using Tab = typename tableau_of<Stepper>::type;
  stage_states<Tab::stages, State> w(dstate);
  for (std::size_t i = 0; i < dts.size(); ++i)
    step_tangent<Tab>(f, path.states[i], dstate, path.times[i], dts[i], w);
}
template <class Stepper, class State, class Time, class F>
void pullback(const Stepper &, const F &f, const trajectory<State, Time> &path,
              const std::vector<Time> &dts, State &dstate) {
  using Tab = typename tableau_of<Stepper>::type;
  stage_states<Tab::stages, State> w(dstate);
  for (std::size_t i = dts.size(); i-- > 0;)
    step_pullback<Tab>(f, path.states[i], dstate, path.times[i], dts[i], w);
}

/// The tangent and the adjoint along a trajectory whose observations an
/// observer saw (observed_tangent, observed_pullback): the observer's
/// tangent at each, in order, the state's tangent then at that point; and
/// back, the observer's forward sweeps in order, then, last first, its
/// reverse sweeps, each adding the adjoint of the state it saw to the
/// state's adjoint at that point.
/// The observer's reverse sweep at a state it saw: adds that state's
/// adjoint into `into` (scratch: a state to work in).
template <class Observer, class State, class Time>
void observer_adjoint(const Observer &observer, const State &x, Time t,
                      State &scratch, State &into) {
  Time dtime = 0;
  set_zero(scratch);
  observer.reverse(x, t, scratch, dtime);
  for (std::size_t n = 0; n < into.size(); ++n)
    into[n] += scratch[n];
}

template <class Stepper, class State, class Time, class F, class Observer>
void observed_tangent(const Stepper &, const F &f, const Observer &observer,
                      const trajectory<State, Time> &path,
                      const std::vector<Time> &dts, State &dstate) {
  using Tab = typename tableau_of<Stepper>::type;
  stage_states<Tab::stages, State> w(dstate);
  std::size_t o = 0;
  for (std::size_t i = 0; i < path.states.size(); ++i) {
    for (; o < path.observations.size() && path.observations[o].first == i; ++o)
      observer.pushforward(path.states[i], path.observations[o].second, dstate,
                           Time(0));
    if (i < dts.size())
      step_tangent<Tab>(f, path.states[i], dstate, path.times[i], dts[i], w);
  }
}
template <class Stepper, class State, class Time, class F, class Observer>
void observed_pullback(const Stepper &, const F &f, const Observer &observer,
                       const trajectory<State, Time> &path,
                       const std::vector<Time> &dts, State &dstate) {
  using Tab = typename tableau_of<Stepper>::type;
  State seen = dstate;
  Time dtime = 0;
  for (const auto &[i, t] : path.observations) {
    set_zero(seen);
    observer.forward(path.states[i], t, seen, dtime);
  }
  stage_states<Tab::stages, State> w(dstate);
  std::size_t o = path.observations.size();
  for (std::size_t i = path.states.size(); i-- > 0;) {
    if (i < dts.size())
      step_pullback<Tab>(f, path.states[i], dstate, path.times[i], dts[i], w);
    for (; o > 0 && path.observations[o - 1].first == i; --o)
      observer_adjoint(observer, path.states[i],
                       path.observations[o - 1].second, seen, dstate);
  }
}

/// integrate_times with a plain stepper, as odeint runs it
/// (integrate/detail/integrate_times.hpp): steps of dt, each shortened to
/// reach the next time, the observer called at each time; here each step
/// and observation recorded into path, and the observer called through
/// observe (or not: the pushforward calls its tangent later).
template <class Stepper, class System, class State, class It, class Time,
          class Observe>
std::size_t times_plain(Stepper stepper, System system, State &state, It first,
                        It last, Time dt, trajectory<State, Time> &path,
                        Observe observe) {
  namespace detail = ::boost::numeric::odeint::detail;
  auto &st = stepper;
  std::size_t steps = 0;
  Time current_dt = dt;
  path.record(state, static_cast<Time>(*first));
  while (true) {
    Time current_time = *first++;
    path.observe(current_time);
    observe(state, current_time);
    if (first == last)
      break;
    while (detail::less_with_sign(current_time, static_cast<Time>(*first),
                                  current_dt)) {
      current_dt =
          detail::min_abs(dt, static_cast<Time>(*first - current_time));
      st.do_step(system, state, current_time, current_dt);
      current_time += current_dt;
      ++steps;
      path.stepped(state, current_time, current_dt);
    }
  }
  return steps;
}

/// The same with a controlled stepper: steps odeint's error control
/// accepts, each at most as long as the way to the next time.
template <class Stepper, class System, class State, class It, class Time,
          class Observe>
std::size_t times_controlled(Stepper stepper, System system, State &state,
                             It first, It last, Time dt,
                             trajectory<State, Time> &path, Observe observe) {
  namespace ode = ::boost::numeric::odeint;
  auto &st = stepper;
  ode::failed_step_checker fail_checker;
  std::size_t steps = 0;
  path.record(state, static_cast<Time>(*first));
  while (true) {
    Time current_time = *first++;
    path.observe(current_time);
    observe(state, current_time);
    if (first == last)
      break;
    while (ode::detail::less_with_sign(current_time, static_cast<Time>(*first),
                                       dt)) {
      Time current_dt =
          ode::detail::min_abs(dt, static_cast<Time>(*first - current_time));
      Time from = current_time;
      if (st.try_step(system, state, current_time, current_dt) ==
          ode::success) {
        ++steps;
        fail_checker.reset();
        dt = ode::detail::max_abs(dt, current_dt);
        path.stepped(state, current_time, current_time - from);
      } else {
        fail_checker();
        dt = current_dt;
      }
    }
  }
  return steps;
}

/// The same with a dense-output stepper: whole steps, the state
/// interpolated at each time the steps pass (none past the last time).
template <class Stepper, class System, class State, class It, class Time,
          class Observe>
std::size_t times_dense(Stepper stepper, System system, State &state, It first,
                        It last, Time dt, trajectory<State, Time> &path,
                        Observe observe) {
  namespace detail = ::boost::numeric::odeint::detail;
  auto &st = stepper;
  if (first == last)
    return 0;
  auto stepped = [&] { path.record(st.current_state(), st.current_time()); };
  It last_time = last;
  --last_time;
  Time last_time_point = static_cast<Time>(*last_time);
  st.initialize(state, static_cast<Time>(*first), dt);
  stepped();
  path.observe(static_cast<Time>(*first));
  observe(state, static_cast<Time>(*first++));
  std::size_t count = 0;
  while (first != last) {
    while (first != last && detail::less_eq_with_sign(static_cast<Time>(*first),
                                                      st.current_time(),
                                                      st.current_time_step())) {
      st.calc_state(*first, state);
      path.seen_at.push_back(
          {path.states.size() - 2, static_cast<Time>(*first)});
      path.seen.push_back(state);
      path.interpolate(static_cast<Time>(*first));
      observe(state, static_cast<Time>(*first));
      ++first;
    }
    if (detail::less_eq_with_sign(st.current_time() + st.current_time_step(),
                                  last_time_point, st.current_time_step())) {
      st.do_step(system);
      ++count;
      stepped();
    } else if (first != last) {
      st.initialize(st.current_state(), st.current_time(),
                    last_time_point - st.current_time());
      st.do_step(system);
      ++count;
      stepped();
    }
  }
  return count;
}

/// The tangent and the adjoint of an integration whose observer saw
/// interpolated states (dense output; observed_tangent and
/// observed_pullback otherwise): its observations at recorded states (the
/// start), then the interpolated ones; the state left is the last
/// interpolation, if any.
template <class Stepper, class State, class Time, class F, class Observer>
void dense_observed_tangent(const Stepper &stepper, const F &f,
                            const Observer &observer,
                            const trajectory<State, Time> &path,
                            State &dstate) {
  const auto *last = path.final_observation();
  for (const auto &o : path.observations)
    if (&o != last)
      observer.pushforward(path.states[o.first], o.second, dstate, Time(0));
  State out = dstate, end = dstate;
  interpolated_tangents(
      stepper, f, path, path.seen_at, dstate,
      [&](std::size_t k, const State &dx) {
        observer.pushforward(path.seen[k], path.seen_at[k].at, dx, Time(0));
        out = dx;
      },
      last ? &end : nullptr);
  if (last)
    observer.pushforward(path.states.back(), last->second, end, Time(0));
  dstate = out;
}
template <class Stepper, class State, class Time, class F, class Observer>
void dense_observed_pullback(const Stepper &stepper, const F &f,
                             const Observer &observer,
                             const trajectory<State, Time> &path,
                             State &dstate) {
  const auto *last = path.final_observation();
  State seen = dstate, out = dstate, end = dstate;
  Time dtime = 0;
  for (const auto &o : path.observations)
    if (&o != last) {
      set_zero(seen);
      observer.forward(path.states[o.first], o.second, seen, dtime);
    }
  for (std::size_t k = 0; k < path.seen.size(); ++k) {
    set_zero(seen);
    observer.forward(path.seen[k], path.seen_at[k].at, seen, dtime);
  }
  if (last) {
    set_zero(seen);
    observer.forward(path.states.back(), last->second, seen, dtime);
    set_zero(end);
    observer_adjoint(observer, path.states.back(), last->second, seen, end);
  }
  // (The state left is the last interpolation: its adjoint goes there.)
  if (!path.seen.empty())
    set_zero(dstate);
  interpolated_adjoints_back(
      stepper, f, path, path.seen_at, dstate,
      [&](std::size_t k, State &lambda) {
        if (k + 1 == path.seen.size())
          lambda = out;
        observer_adjoint(observer, path.seen[k], path.seen_at[k].at, seen,
                         lambda);
      },
      last ? &end : nullptr);
  for (std::size_t o = path.observations.size(); o-- > 0;)
    if (&path.observations[o] != last)
      observer_adjoint(observer, path.states[path.observations[o].first],
                       path.observations[o].second, seen, dstate);
}

/// integrate_times' tangent and adjoint: along the steps taken, or, with
/// dense output, through the interpolations.
template <class Stepper, class State, class Time, class F, class Observer>
void times_tangent(const Stepper &stepper, const F &f, const Observer &observer,
                   const trajectory<State, Time> &path, State &dstate) {
  observed_tangent(stepper, f, observer, path, path.sizes_taken, dstate);
}
template <class S, class State, class Time, class F, class Observer>
void times_tangent(const dense_output_fsal<S> &stepper, const F &f,
                   const Observer &observer,
                   const trajectory<State, Time> &path, State &dstate) {
  dense_observed_tangent(stepper, f, observer, path, dstate);
}
template <class Stepper, class State, class Time, class F, class Observer>
void times_pullback(const Stepper &stepper, const F &f,
                    const Observer &observer,
                    const trajectory<State, Time> &path, State &dstate) {
  observed_pullback(stepper, f, observer, path, path.sizes_taken, dstate);
}
template <class S, class State, class Time, class F, class Observer>
void times_pullback(const dense_output_fsal<S> &stepper, const F &f,
                    const Observer &observer,
                    const trajectory<State, Time> &path, State &dstate) {
  dense_observed_pullback(stepper, f, observer, path, dstate);
}

/// Dense output: the weights of a step's stages, and of the derivative at
/// its end, in the state at theta (0 at the step's start, 1 at its end),
/// as the stepper's calc_state computes them. Dormand-Prince 5(4)'s
/// continuous extension (runge_kutta_dopri5::calc_state).
template <class Tab> struct dense_weights_of;
template <> struct dense_weights_of<runge_kutta_dopri5_tableau> {
  template <class Time>
  static std::pair<std::array<Time, 6>, Time> at(Time theta) {
    const Time b1 = Time(35) / Time(384), b3 = Time(500) / Time(1113),
               b4 = Time(125) / Time(192), b5 = Time(-2187) / Time(6784),
               b6 = Time(11) / Time(84);
    const Time X1 = Time(5) * (Time(2558722523LL) - Time(31403016) * theta) /
                    Time(11282082432LL);
    const Time X3 = Time(100) * (Time(882725551) - Time(15701508) * theta) /
                    Time(32700410799LL);
    const Time X4 = Time(25) * (Time(443332067) - Time(31403016) * theta) /
                    Time(1880347072LL);
    const Time X5 = Time(32805) * (Time(23143187) - Time(3489224) * theta) /
                    Time(199316789632LL);
    const Time X6 =
        Time(55) * (Time(29972135) - Time(7076736) * theta) / Time(822651844);
    const Time X7 =
        Time(10) * (Time(7414447) - Time(829305) * theta) / Time(29380423);
    const Time m1 = theta - Time(1), sq = theta * theta;
    const Time A = sq * (Time(3) - Time(2) * theta), B = sq * m1,
               C = sq * m1 * m1, D = theta * m1 * m1;
    return {{A * b1 - C * X1 + D, Time(0), A * b3 + C * X3, A * b4 - C * X4,
             A * b5 + C * X5, A * b6 - C * X6},
            B + C * X7};
  }
};

/// The tangents and adjoints of states a dense-output integration
/// interpolated, at (interpolation_point) each, in order. x(theta) = x_i + dt
/// (sum_k w_k k_k + w_end f(x_{i+1})), the continuous extension of its step,
/// whose stages are the step's; steps after the last interpolation do not reach
/// them.
///
/// Forward: the state's tangent is carried along the steps, and each
/// interpolated state's tangent given to seen(k, tangent), in order.
///
/// With `end`, the steps after the last interpolation are followed too, and
/// *end takes the tangent at the last state (which an observer saw).
template <class Stepper, class State, class Time, class F, class Seen>
void interpolated_tangents(const Stepper &, const F &f,
                           const trajectory<State, Time> &path,
                           const std::vector<interpolation_point<Time>> &at,
                           State dstate, Seen seen, State *end = nullptr) {
  using Tab = typename tableau_of<Stepper>::type;
  stage_states<Tab::stages, State> w(dstate);
  State dend = dstate, k = dstate, dk = dstate, dx = dstate;
  std::size_t o = 0;
  for (std::size_t i = 0; (o < at.size() || end) && i + 1 < path.states.size();
       ++i) {
    Time t = path.times[i], dt = path.times[i + 1] - t;
    dend = dstate;
    step_tangent<Tab>(f, path.states[i], dend, t, dt, w);
    if (at[o].step == i) {
      set_zero(k);
      set_zero(dk);
      f.pushforward(path.states[i + 1], k, path.times[i + 1], dend, dk,
                    Time(0));
    }
    for (; o < at.size() && at[o].step == i; ++o) {
      auto [weights, at_end] = dense_weights_of<Tab>::at((at[o].at - t) / dt);
      for (std::size_t n = 0; n < dstate.size(); ++n) {
        Time v = at_end * dk[n];
        for (int s = 0; s < Tab::stages; ++s)
          v += weights[s] * w.nu[s][n];
        dx[n] = dstate[n] + dt * v;
      }
      seen(o, dx);
    }
    dstate = dend;
  }
  if (end)
    *end = dstate;
}

/// Reverse: seen(k, adjoint) sets the adjoint of interpolated state k,
/// called last first; the adjoints are pulled back along the steps into
/// dstate, the adjoint of the starting state (added to).
///
/// With `end`, the adjoint of the last state (which an observer saw) is
/// pulled back from there, through the steps after the last interpolation.
template <class Stepper, class State, class Time, class F, class Seen>
void interpolated_adjoints_back(
    const Stepper &, const F &f, const trajectory<State, Time> &path,
    const std::vector<interpolation_point<Time>> &at, State &dstate, Seen seen,
    const State *end = nullptr) {
  using Tab = typename tableau_of<Stepper>::type;
  if (at.empty() && !end)
    return;
  stage_states<Tab::stages, State> w(dstate);
  interpolated_adjoints<Tab::stages, State> extra(dstate);
  State lambda = dstate, k = dstate, nu = dstate, lam = dstate;
  set_zero(lambda);
  std::size_t from = at.empty() ? 0 : at.back().step + 1;
  if (end) {
    lambda = *end;
    from = path.states.size() - 1;
  }
  Time dtime = 0;
  std::size_t o = at.size();
  for (std::size_t i = from; i-- > 0;) {
    Time t = path.times[i], dt = path.times[i + 1] - t;
    extra.clear();
    for (; o > 0 && at[o - 1].step == i; --o) {
      set_zero(lam);
      seen(o - 1, lam);
      auto [weights, at_end] =
          dense_weights_of<Tab>::at((at[o - 1].at - t) / dt);
      extra.add(lam, weights, at_end, dt);
    }
    if (extra.any) {
      // f(x_{i+1}): its sweeps are done before the stages' begin.
      set_zero(k);
      set_zero(nu);
      f.forward(path.states[i + 1], k, path.times[i + 1], nu, extra.end, dtime);
      f.reverse(path.states[i + 1], k, path.times[i + 1], nu, extra.end, dtime);
      for (std::size_t n = 0; n < lambda.size(); ++n)
        lambda[n] += nu[n];
    }
    step_pullback<Tab>(f, path.states[i], lambda, t, dt, w,
                       extra.any ? &extra : nullptr);
  }
  for (std::size_t n = 0; n < dstate.size(); ++n)
    dstate[n] += lambda[n];
}

/// The state a dense-output integrate_const or integrate_n_steps leaves,
/// its last interpolation: its tangent, and the adjoint back from it. No
/// interpolation: the state was not written.
template <class Stepper, class State, class Time, class F>
void dense_tangent(const Stepper &stepper, const F &f,
                   const trajectory<State, Time> &path, State &dstate) {
  if (!path.interpolated)
    return;
  interpolated_tangents(stepper, f, path,
                        {{path.interpolated_in, path.interpolated_at}}, dstate,
                        [&](std::size_t, const State &dx) { dstate = dx; });
}
template <class Stepper, class State, class Time, class F>
void dense_pullback(const Stepper &stepper, const F &f,
                    const trajectory<State, Time> &path, State &dstate) {
  if (!path.interpolated)
    return;
  State out = dstate;
  set_zero(dstate);
  interpolated_adjoints_back(
      stepper, f, path, {{path.interpolated_in, path.interpolated_at}}, dstate,
      [&](std::size_t, State &lambda) { lambda = out; });
}

/// integrate_const (dense_const) and integrate_n_steps (dense_steps) with
/// a dense-output stepper, as odeint runs them (integrate/detail/
/// integrate_const.hpp and integrate_n_steps.hpp): whole steps, the state
/// interpolated at the grid times; here each step and the last
/// interpolation recorded into path.
///
/// dense_const also calls an observer where odeint calls it, at the start
/// and at each interpolation, recording each as an observation (the
/// interpolated states in path.seen); with no_observer it records none.
template <class Stepper, class System, class State, class Time,
          class Observe = no_observer>
std::size_t dense_const(Stepper stepper, System system, State &state,
                        Time start, Time end, Time dt,
                        trajectory<State, Time> &path, Observe observe = {}) {
  namespace detail = ::boost::numeric::odeint::detail;
  constexpr bool observed = !std::is_same_v<Observe, no_observer>;
  auto &st = stepper;
  auto stepped = [&] { path.record(st.current_state(), st.current_time()); };
  auto interpolated = [&](Time t) {
    path.interpolate(t);
    if constexpr (observed) {
      path.seen_at.push_back({path.states.size() - 2, t});
      path.seen.push_back(state);
      observe(state, t);
    }
  };
  Time time = start;
  st.initialize(state, time, dt);
  stepped();
  if constexpr (observed) {
    path.observe(time);
    observe(state, time);
  }
  time += dt;
  int obs_step = 1;
  std::size_t real_step = 0;
  while (detail::less_eq_with_sign(static_cast<Time>(time + dt), end, dt)) {
    while (detail::less_eq_with_sign(time, st.current_time(), dt)) {
      st.calc_state(time, state);
      interpolated(time);
      ++obs_step;
      time = start + static_cast<Time>(obs_step) * dt;
    }
    if (detail::less_with_sign(
            static_cast<Time>(st.current_time() + st.current_time_step()), end,
            st.current_time_step())) {
      while (detail::less_eq_with_sign(st.current_time(), time, dt)) {
        st.do_step(system);
        ++real_step;
        stepped();
      }
    } else if (detail::less_with_sign(st.current_time(), end,
                                      st.current_time_step())) {
      st.initialize(st.current_state(), st.current_time(),
                    end - st.current_time());
      st.do_step(system);
      ++real_step;
      stepped();
    }
  }
  if (detail::less_eq_with_sign(time, end, dt)) {
    st.calc_state(time, state);
    interpolated(time);
  }
  return real_step;
}
/// dense_steps also calls an observer where odeint calls it: at each
/// interpolation, and, after stepping on to the end, at the state it
/// stepped to there (recorded as the final observation).
template <class Stepper, class System, class State, class Time,
          class Observe = no_observer>
Time dense_steps(Stepper stepper, System system, State &state, Time start,
                 Time dt, std::size_t steps, trajectory<State, Time> &path,
                 Observe observe = {}) {
  namespace detail = ::boost::numeric::odeint::detail;
  constexpr bool observed = !std::is_same_v<Observe, no_observer>;
  auto &st = stepper;
  auto stepped = [&] { path.record(st.current_state(), st.current_time()); };
  Time time = start;
  const Time end = start + static_cast<Time>(steps) * dt;
  st.initialize(state, time, dt);
  stepped();
  std::size_t step = 0;
  while (step < steps) {
    while (detail::less_with_sign(time, st.current_time(),
                                  st.current_time_step())) {
      st.calc_state(time, state);
      path.interpolate(time);
      if constexpr (observed) {
        path.seen_at.push_back({path.states.size() - 2, time});
        path.seen.push_back(state);
        observe(state, time);
      }
      ++step;
      time = start + static_cast<Time>(step) * dt;
    }
    if (detail::less_with_sign(
            static_cast<Time>(st.current_time() + st.current_time_step()), end,
            st.current_time_step())) {
      st.do_step(system);
      stepped();
    } else if (detail::less_with_sign(st.current_time(), end,
                                      st.current_time_step())) {
      st.initialize(st.current_state(), st.current_time(),
                    static_cast<Time>(end - st.current_time()));
      st.do_step(system);
      stepped();
    }
  }
  // (odeint then steps on to the end for its observer: the state keeps
  // the last interpolation, at the last grid time before the end.)
  if constexpr (observed) {
    while (st.current_time() < end) {
      if (detail::less_with_sign(
              end,
              static_cast<Time>(st.current_time() + st.current_time_step()),
              st.current_time_step()))
        st.initialize(st.current_state(), st.current_time(),
                      static_cast<Time>(end - st.current_time()));
      st.do_step(system);
      stepped();
    }
    path.observe(end);
    observe(st.current_state(), end);
  }
  return time;
}

/// The number of steps of size dt from start to end, where it is known
/// to be reasonable (to reserve a trajectory); 0 otherwise.
template <class Time> std::size_t steps_between(Time start, Time end, Time dt) {
  Time n = (end - start) / dt;
  return n > 0 && n < Time(1e7) ? static_cast<std::size_t>(n) + 1 : 0;
}

/// The forward sweep of an integration: run(observer) integrates with the
/// observer; its value comes back with the trajectory it observed, for the
/// pullback.
/// With the user's observer, it is called where the trajectory records,
/// and the trajectory says it observed each state.
template <class State, class Time, class Run, class User = no_observer>
auto recording(Run run, std::size_t steps = 0, User *user = nullptr) {
  trajectory<State, Time> path;
  path.states.reserve(steps + 1);
  path.times.reserve(steps + 1);
  auto value = run(path.observer(user));
  if (user)
    path.observe_all();
  return ::ddx::recorded<decltype(value), trajectory<State, Time>>{
      value, std::move(path)};
}

/// integrate_const (Grid::constant) and integrate_n_steps with a
/// controlled stepper, as odeint runs them (integrate/detail/
/// integrate_const.hpp and integrate_n_steps.hpp): integrate_adaptive from
/// each grid time to the next, taking the step size on; here each interval
/// observed into path. The count of steps or the final time, as odeint
/// returns it.
///
/// Each calls an observer at every grid time with the state there (the one
/// the next interval opens with, or the last): observe(x, t), recorded as
/// an observation of that state.
template <class State, class Time, class Observe>
void grid_observation(trajectory<State, Time> &path, const State &x, Time t,
                      Observe &observe) {
  if (path.states.empty())
    path.record(x, t); // (the first interval's opening, recorded early)
  path.observe(t);
  observe(x, t);
}
template <class Stepper, class System, class State, class Time,
          class Observe = no_observer>
std::size_t grid_controlled(Stepper stepper, System system, State &state,
                            Time start, Time end, Time dt,
                            trajectory<State, Time> &path,
                            Observe observe = {}) {
  namespace ode = ::boost::numeric::odeint;
  Time time = start;
  const Time time_step = dt;
  std::size_t real_steps = 0;
  int step = 0;
  while (ode::detail::less_eq_with_sign(static_cast<Time>(time + time_step),
                                        end, dt)) {
    grid_observation(path, state, time, observe);
    real_steps += ode::detail::integrate_adaptive(
        stepper, system, state, time, static_cast<Time>(time + time_step), dt,
        path.interval_observer(), ode::controlled_stepper_tag());
    ++step;
    time = start + static_cast<Time>(step) * time_step;
  }
  grid_observation(path, state, time, observe);
  return real_steps;
}
template <class Stepper, class System, class State, class Time,
          class Observe = no_observer>
Time steps_controlled(Stepper stepper, System system, State &state, Time start,
                      Time dt, std::size_t steps, trajectory<State, Time> &path,
                      Observe observe = {}) {
  namespace ode = ::boost::numeric::odeint;
  Time time = start;
  Time time_step = dt;
  for (std::size_t step = 0; step < steps; ++step) {
    grid_observation(path, state, time, observe);
    ode::detail::integrate_adaptive(
        stepper, system, state, time, static_cast<Time>(time + time_step), dt,
        path.interval_observer(), ode::controlled_stepper_tag());
    time = start + static_cast<Time>(step + 1) * time_step;
  }
  grid_observation(path, state, time, observe);
  return time;
}

} // namespace ddx::rules::odeint_detail

namespace ddx::rules::boost::numeric::odeint {

// integrate_const(stepper, system, state, t0, t1, dt),
// integrate_n_steps(stepper, system, state, t0, dt, n) and
// integrate_adaptive(stepper, system, state, t0, t1, dt). The state is
// updated in place: its tangent slot is its shadow, which the pushforward
// carries to the end. In reverse mode the forward sweep records the
// trajectory (each step's starting state and time), and the pullback finds
// in the shadow the adjoint of the final state and leaves there that of
// the starting state.
// Each rule is written once for each stepper the rules have a tableau of.
// function(stepper, system, state, start, end, dt) for integrate_const and
// integrate_adaptive with a plain stepper, whose step sizes the trajectory
// gives by `sizes` (fixed(dt), or fixed_to(start, end, dt)).
#define DDX_ODEINT_STEPPER(name)                                               \
  ::boost::numeric::odeint::name<S, V, D, T, A, O, R>
#define DDX_ODEINT_SPAN_RULES(name, function, sizes)                           \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time, class User>                 \
  auto function##_recorded(DDX_ODEINT_STEPPER(name) stepper, System &system,   \
                           State &state, Time start, Time end, Time dt,        \
                           User *user) {                                       \
    return odeint_detail::recording<State, Time>(                              \
        [&](auto observer) {                                                   \
          return ::boost::numeric::odeint::function(stepper, system, state,    \
                                                    start, end, dt, observer); \
        },                                                                     \
        odeint_detail::steps_between(start, end, dt), user);                   \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time>                             \
  auto function##_forward(                                                     \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start,                    \
      DDX_OPTION Time end, DDX_OPTION Time dt) {                               \
    return function##_recorded(stepper, system, state, start, end, dt,         \
                               (odeint_detail::no_observer *)nullptr);         \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time>                             \
  std::size_t function##_pushforward(                                          \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start,                    \
      DDX_OPTION Time end, DDX_OPTION Time dt, State &dstate) {                \
    auto r = function##_forward(stepper, system, state, start, end, dt);       \
    odeint_detail::tangent(stepper, system, r.record, r.record.sizes, dstate); \
    return r.value;                                                            \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time>                             \
  void function##_pullback(                                                    \
      const odeint_detail::trajectory<State, Time> &path,                      \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &, DDX_OPTION Time start, DDX_OPTION Time end,    \
      DDX_OPTION Time dt, State &dstate) {                                     \
    (void)start;                                                               \
    (void)end;                                                                 \
    odeint_detail::pullback(stepper, system, path, path.sizes, dstate);        \
  }                                                                            \
  /* With an observer, called where odeint calls it (DDX_IN_ORDER). */         \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time, class Observer>             \
  auto function##_forward(                                                     \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start,                    \
      DDX_OPTION Time end, DDX_OPTION Time dt,                                 \
      DDX_CALLABLE DDX_IN_ORDER Observer observer) {                           \
    return function##_recorded(stepper, system, state, start, end, dt,         \
                               &observer);                                     \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time, class Observer>             \
  std::size_t function##_pushforward(                                          \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start,                    \
      DDX_OPTION Time end, DDX_OPTION Time dt,                                 \
      DDX_CALLABLE DDX_IN_ORDER Observer observer, State &dstate) {            \
    auto r = function##_forward(stepper, system, state, start, end, dt);       \
    r.record.observe_all();                                                    \
    odeint_detail::observed_tangent(stepper, system, observer, r.record,       \
                                    r.record.sizes, dstate);                   \
    return r.value;                                                            \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time, class Observer>             \
  void function##_pullback(                                                    \
      const odeint_detail::trajectory<State, Time> &path,                      \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &, DDX_OPTION Time start, DDX_OPTION Time end,    \
      DDX_OPTION Time dt, DDX_CALLABLE DDX_IN_ORDER Observer observer,         \
      State &dstate) {                                                         \
    (void)start;                                                               \
    (void)end;                                                                 \
    odeint_detail::observed_pullback(stepper, system, observer, path,          \
                                     path.sizes, dstate);                      \
  }

#define DDX_ODEINT_FIXED_STEP_RULES(name)                                      \
  DDX_ODEINT_SPAN_RULES(name, integrate_const, fixed(dt))                      \
  DDX_ODEINT_SPAN_RULES(name, integrate_adaptive, fixed_to(start, end, dt))    \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time, class User>                 \
  auto integrate_n_steps_recorded(DDX_ODEINT_STEPPER(name) stepper,            \
                                  System &system, State &state, Time start,    \
                                  Time dt, std::size_t steps, User *user) {    \
    return odeint_detail::recording<State, Time>(                              \
        [&](auto observer) {                                                   \
          return ::boost::numeric::odeint::integrate_n_steps(                  \
              stepper, system, state, start, dt, steps, observer);             \
        },                                                                     \
        steps, user);                                                          \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time>                             \
  auto integrate_n_steps_forward(                                              \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start,                    \
      DDX_OPTION Time dt, DDX_OPTION std::size_t steps) {                      \
    return integrate_n_steps_recorded(stepper, system, state, start, dt,       \
                                      steps,                                   \
                                      (odeint_detail::no_observer *)nullptr);  \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time>                             \
  ::ddx::dual<Time> integrate_n_steps_pushforward(                             \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start,                    \
      DDX_OPTION Time dt, DDX_OPTION std::size_t steps, State &dstate) {       \
    auto r =                                                                   \
        integrate_n_steps_forward(stepper, system, state, start, dt, steps);   \
    odeint_detail::tangent(stepper, system, r.record, r.record.fixed(dt),      \
                           dstate);                                            \
    return {r.value, Time(0)};                                                 \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time>                             \
  void integrate_n_steps_pullback(                                             \
      const odeint_detail::trajectory<State, Time> &path,                      \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &, DDX_OPTION Time, DDX_OPTION Time dt,           \
      DDX_OPTION std::size_t, ::ddx::tangent_t<Time>, State &dstate) {         \
    odeint_detail::pullback(stepper, system, path, path.fixed(dt), dstate);    \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time, class Observer>             \
  auto integrate_n_steps_forward(                                              \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start,                    \
      DDX_OPTION Time dt, DDX_OPTION std::size_t steps,                        \
      DDX_CALLABLE DDX_IN_ORDER Observer observer) {                           \
    return integrate_n_steps_recorded(stepper, system, state, start, dt,       \
                                      steps, &observer);                       \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time, class Observer>             \
  ::ddx::dual<Time> integrate_n_steps_pushforward(                             \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start,                    \
      DDX_OPTION Time dt, DDX_OPTION std::size_t steps,                        \
      DDX_CALLABLE DDX_IN_ORDER Observer observer, State &dstate) {            \
    auto r =                                                                   \
        integrate_n_steps_forward(stepper, system, state, start, dt, steps);   \
    r.record.observe_all();                                                    \
    odeint_detail::observed_tangent(stepper, system, observer, r.record,       \
                                    r.record.fixed(dt), dstate);               \
    return {r.value, Time(0)};                                                 \
  }                                                                            \
  template <class S, class V, class D, class T, class A, class O, class R,     \
            class System, class State, class Time, class Observer>             \
  void integrate_n_steps_pullback(                                             \
      const odeint_detail::trajectory<State, Time> &path,                      \
      DDX_OPTION DDX_ODEINT_STEPPER(name) stepper, DDX_CALLABLE System system, \
      DDX_OUTPUT_RANGE State &, DDX_OPTION Time, DDX_OPTION Time dt,           \
      DDX_OPTION std::size_t, DDX_CALLABLE DDX_IN_ORDER Observer observer,     \
      ::ddx::tangent_t<Time>, State &dstate) {                                 \
    odeint_detail::observed_pullback(stepper, system, observer, path,          \
                                     path.fixed(dt), dstate);                  \
  }

DDX_ODEINT_FIXED_STEP_RULES(euler)
DDX_ODEINT_FIXED_STEP_RULES(runge_kutta4)
DDX_ODEINT_FIXED_STEP_RULES(runge_kutta_cash_karp54)
DDX_ODEINT_FIXED_STEP_RULES(runge_kutta_dopri5)
DDX_ODEINT_FIXED_STEP_RULES(runge_kutta_fehlberg78)
#undef DDX_ODEINT_FIXED_STEP_RULES
#undef DDX_ODEINT_SPAN_RULES
#undef DDX_ODEINT_STEPPER

// integrate_adaptive with a stepper that chooses its steps: the steps odeint
// accepted, at the sizes it took them. A controlled stepper
// (make_controlled(abs, rel, runge_kutta_dopri5<...>())); a dense-output
// stepper (make_dense_output(abs, rel, runge_kutta_dopri5<...>())), with which
// odeint takes whole steps, the last one ending on time (no interpolation).
// `params` is the stepper type's template parameter list and `stepper_type`
// the type, each in parentheses.
#define DDX_ODEINT_UNPAREN(...) __VA_ARGS__
#define DDX_ODEINT_ACCEPTED_STEP_RULES(params, stepper_type)                   \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class Time,  \
            class User>                                                        \
  auto integrate_adaptive_recorded(DDX_ODEINT_UNPAREN stepper_type stepper,    \
                                   System &system, State &state, Time start,   \
                                   Time end, Time dt, User *user) {            \
    return odeint_detail::recording<State, Time>(                              \
        [&](auto observer) {                                                   \
          return ::boost::numeric::odeint::integrate_adaptive(                 \
              stepper, system, state, start, end, dt, observer);               \
        },                                                                     \
        0, user);                                                              \
  }                                                                            \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class Time>  \
  auto integrate_adaptive_forward(                                             \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION Time start, DDX_OPTION Time end, DDX_OPTION Time dt) {        \
    return integrate_adaptive_recorded(stepper, system, state, start, end, dt, \
                                       (odeint_detail::no_observer *)nullptr); \
  }                                                                            \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class Time>  \
  std::size_t integrate_adaptive_pushforward(                                  \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION Time start, DDX_OPTION Time end, DDX_OPTION Time dt,          \
      State &dstate) {                                                         \
    auto r =                                                                   \
        integrate_adaptive_forward(stepper, system, state, start, end, dt);    \
    odeint_detail::tangent(stepper, system, r.record, r.record.accepted(),     \
                           dstate);                                            \
    return r.value;                                                            \
  }                                                                            \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class Time>  \
  void integrate_adaptive_pullback(                                            \
      const odeint_detail::trajectory<State, Time> &path,                      \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &, DDX_OPTION Time,   \
      DDX_OPTION Time, DDX_OPTION Time, State &dstate) {                       \
    odeint_detail::pullback(stepper, system, path, path.accepted(), dstate);   \
  }                                                                            \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class Time,  \
            class Observer>                                                    \
  auto integrate_adaptive_forward(                                             \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION Time start, DDX_OPTION Time end, DDX_OPTION Time dt,          \
      DDX_CALLABLE DDX_IN_ORDER Observer observer) {                           \
    return integrate_adaptive_recorded(stepper, system, state, start, end, dt, \
                                       &observer);                             \
  }                                                                            \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class Time,  \
            class Observer>                                                    \
  std::size_t integrate_adaptive_pushforward(                                  \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION Time start, DDX_OPTION Time end, DDX_OPTION Time dt,          \
      DDX_CALLABLE DDX_IN_ORDER Observer observer, State &dstate) {            \
    auto r =                                                                   \
        integrate_adaptive_forward(stepper, system, state, start, end, dt);    \
    r.record.observe_all();                                                    \
    odeint_detail::observed_tangent(stepper, system, observer, r.record,       \
                                    r.record.accepted(), dstate);              \
    return r.value;                                                            \
  }                                                                            \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class Time,  \
            class Observer>                                                    \
  void integrate_adaptive_pullback(                                            \
      const odeint_detail::trajectory<State, Time> &path,                      \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &, DDX_OPTION Time,   \
      DDX_OPTION Time, DDX_OPTION Time,                                        \
      DDX_CALLABLE DDX_IN_ORDER Observer observer, State &dstate) {            \
    odeint_detail::observed_pullback(stepper, system, observer, path,          \
                                     path.accepted(), dstate);                 \
  }

DDX_ODEINT_ACCEPTED_STEP_RULES(
    (class E, class C, class Adj, class Res, class Cat),
    (::boost::numeric::odeint::controlled_runge_kutta<E, C, Adj, Res, Cat>))
DDX_ODEINT_ACCEPTED_STEP_RULES(
    (class S, class Category),
    (::boost::numeric::odeint::dense_output_runge_kutta<S, Category>))
#undef DDX_ODEINT_ACCEPTED_STEP_RULES

// integrate_const(stepper, system, state, t0, t1, dt) and
// integrate_n_steps(stepper, system, state, t0, dt, n) with a controlled
// stepper: odeint integrates adaptively from each grid time to the next,
// and the derivative is that of the steps it accepted there, as for
// integrate_adaptive.
template <class E, class C, class Adj, class Res, class Cat, class System,
          class State, class Time>
auto integrate_const_forward(
    DDX_OPTION ::boost::numeric::odeint::controlled_runge_kutta<E, C, Adj, Res,
                                                                Cat>
        stepper,
    DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,
    DDX_OPTION Time start, DDX_OPTION Time end, DDX_OPTION Time dt) {
  return odeint_detail::recording<State, Time>([&](auto observer) {
    return odeint_detail::grid_controlled(stepper, system, state, start, end,
                                          dt, *observer.into);
  });
}
template <class E, class C, class Adj, class Res, class Cat, class System,
          class State, class Time>
std::size_t integrate_const_pushforward(
    DDX_OPTION ::boost::numeric::odeint::controlled_runge_kutta<E, C, Adj, Res,
                                                                Cat>
        stepper,
    DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,
    DDX_OPTION Time start, DDX_OPTION Time end, DDX_OPTION Time dt,
    State &dstate) {
  auto r = integrate_const_forward(stepper, system, state, start, end, dt);
  odeint_detail::tangent(stepper, system, r.record, r.record.accepted(),
                         dstate);
  return r.value;
}
template <class E, class C, class Adj, class Res, class Cat, class System,
          class State, class Time>
void integrate_const_pullback(
    const odeint_detail::trajectory<State, Time> &path,
    DDX_OPTION ::boost::numeric::odeint::controlled_runge_kutta<E, C, Adj, Res,
                                                                Cat>
        stepper,
    DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &, DDX_OPTION Time,
    DDX_OPTION Time, DDX_OPTION Time, State &dstate) {
  odeint_detail::pullback(stepper, system, path, path.accepted(), dstate);
}

template <class E, class C, class Adj, class Res, class Cat, class System,
          class State, class Time>
auto integrate_n_steps_forward(
    DDX_OPTION ::boost::numeric::odeint::controlled_runge_kutta<E, C, Adj, Res,
                                                                Cat>
        stepper,
    DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,
    DDX_OPTION Time start, DDX_OPTION Time dt, DDX_OPTION std::size_t steps) {
  return odeint_detail::recording<State, Time>([&](auto observer) {
    return odeint_detail::steps_controlled(stepper, system, state, start, dt,
                                           steps, *observer.into);
  });
}
template <class E, class C, class Adj, class Res, class Cat, class System,
          class State, class Time>
::ddx::dual<Time> integrate_n_steps_pushforward(
    DDX_OPTION ::boost::numeric::odeint::controlled_runge_kutta<E, C, Adj, Res,
                                                                Cat>
        stepper,
    DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,
    DDX_OPTION Time start, DDX_OPTION Time dt, DDX_OPTION std::size_t steps,
    State &dstate) {
  auto r = integrate_n_steps_forward(stepper, system, state, start, dt, steps);
  odeint_detail::tangent(stepper, system, r.record, r.record.accepted(),
                         dstate);
  return {r.value, Time(0)};
}
template <class E, class C, class Adj, class Res, class Cat, class System,
          class State, class Time>
void integrate_n_steps_pullback(
    const odeint_detail::trajectory<State, Time> &path,
    DDX_OPTION ::boost::numeric::odeint::controlled_runge_kutta<E, C, Adj, Res,
                                                                Cat>
        stepper,
    DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &, DDX_OPTION Time,
    DDX_OPTION Time, DDX_OPTION std::size_t, ::ddx::tangent_t<Time>,
    State &dstate) {
  odeint_detail::pullback(stepper, system, path, path.accepted(), dstate);
}

// The same with an observer, called at each grid time with the state
// there, as odeint calls it (DDX_IN_ORDER): the derivative is the
// observer's own at each observation, as for integrate_times.
#define DDX_ODEINT_CONTROLLED_GRID_RULES(name, loop, Result, Returned, grid,   \
                                         args, unnamed, seed)                  \
  template <class E, class C, class Adj, class Res, class Cat, class System,   \
            class State, class Time, class Observer>                           \
  auto name##_forward(                                                         \
      DDX_OPTION ::boost::numeric::odeint::controlled_runge_kutta<E, C, Adj,   \
                                                                  Res, Cat>    \
          stepper,                                                             \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_ODEINT_UNPAREN grid, DDX_CALLABLE DDX_IN_ORDER Observer observer) {  \
    odeint_detail::trajectory<State, Time> path;                               \
    Result value = odeint_detail::loop(                                        \
        stepper, system, state, DDX_ODEINT_UNPAREN args, path,                 \
        [&](const State &x, Time t) { observer(x, t); });                      \
    return ::ddx::recorded<Result, odeint_detail::trajectory<State, Time>>{    \
        value, std::move(path)};                                               \
  }                                                                            \
  template <class E, class C, class Adj, class Res, class Cat, class System,   \
            class State, class Time, class Observer>                           \
  Returned name##_pushforward(                                                 \
      DDX_OPTION ::boost::numeric::odeint::controlled_runge_kutta<E, C, Adj,   \
                                                                  Res, Cat>    \
          stepper,                                                             \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_ODEINT_UNPAREN grid, DDX_CALLABLE DDX_IN_ORDER Observer observer,    \
      State &dstate) {                                                         \
    odeint_detail::trajectory<State, Time> path;                               \
    Result value = odeint_detail::loop(stepper, system, state,                 \
                                       DDX_ODEINT_UNPAREN args, path);         \
    odeint_detail::observed_tangent(stepper, system, observer, path,           \
                                    path.accepted(), dstate);                  \
    if constexpr (std::is_integral_v<Returned>)                                \
      return value;                                                            \
    else /* (a final time: its tangent is 0) */                                \
      return Returned(value, Time(0));                                         \
  }                                                                            \
  template <class E, class C, class Adj, class Res, class Cat, class System,   \
            class State, class Time, class Observer>                           \
  void name##_pullback(                                                        \
      const odeint_detail::trajectory<State, Time> &path,                      \
      DDX_OPTION ::boost::numeric::odeint::controlled_runge_kutta<E, C, Adj,   \
                                                                  Res, Cat>    \
          stepper,                                                             \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &,                    \
      DDX_ODEINT_UNPAREN unnamed, DDX_CALLABLE DDX_IN_ORDER Observer observer, \
      DDX_ODEINT_UNPAREN seed State &dstate) {                                 \
    odeint_detail::observed_pullback(stepper, system, observer, path,          \
                                     path.accepted(), dstate);                 \
  }
DDX_ODEINT_CONTROLLED_GRID_RULES(
    integrate_const, grid_controlled, std::size_t, std::size_t,
    (DDX_OPTION Time start, DDX_OPTION Time end, DDX_OPTION Time dt),
    (start, end, dt), (DDX_OPTION Time, DDX_OPTION Time, DDX_OPTION Time), ())
DDX_ODEINT_CONTROLLED_GRID_RULES(
    integrate_n_steps, steps_controlled, Time, ::ddx::dual<Time>,
    (DDX_OPTION Time start, DDX_OPTION Time dt, DDX_OPTION std::size_t steps),
    (start, dt, steps),
    (DDX_OPTION Time, DDX_OPTION Time, DDX_OPTION std::size_t),
    (::ddx::tangent_t<Time>, ))
#undef DDX_ODEINT_CONTROLLED_GRID_RULES

// integrate_const(stepper, system, state, t0, t1, dt) and
// integrate_n_steps(stepper, system, state, t0, dt, n) with a dense-output
// stepper (make_dense_output(abs, rel, runge_kutta_dopri5<...>())): odeint
// takes whole steps and interpolates the state at the grid times, so the
// state is the last interpolation, and its derivative that of the steps up
// to it and of the interpolation (the stepper's continuous extension).
using odeint_detail::dense_output_fsal;

template <class S, class System, class State, class Time>
auto integrate_const_forward(DDX_OPTION dense_output_fsal<S> stepper,
                             DDX_CALLABLE System system,
                             DDX_OUTPUT_RANGE State &state,
                             DDX_OPTION Time start, DDX_OPTION Time end,
                             DDX_OPTION Time dt) {
  return odeint_detail::recording<State, Time>([&](auto observer) {
    return odeint_detail::dense_const(stepper, system, state, start, end, dt,
                                      *observer.into);
  });
}
template <class S, class System, class State, class Time>
std::size_t integrate_const_pushforward(DDX_OPTION dense_output_fsal<S> stepper,
                                        DDX_CALLABLE System system,
                                        DDX_OUTPUT_RANGE State &state,
                                        DDX_OPTION Time start,
                                        DDX_OPTION Time end, DDX_OPTION Time dt,
                                        State &dstate) {
  auto r = integrate_const_forward(stepper, system, state, start, end, dt);
  odeint_detail::dense_tangent(stepper, system, r.record, dstate);
  return r.value;
}
template <class S, class System, class State, class Time>
void integrate_const_pullback(
    const odeint_detail::trajectory<State, Time> &path,
    DDX_OPTION dense_output_fsal<S> stepper, DDX_CALLABLE System system,
    DDX_OUTPUT_RANGE State &, DDX_OPTION Time, DDX_OPTION Time, DDX_OPTION Time,
    State &dstate) {
  odeint_detail::dense_pullback(stepper, system, path, dstate);
}

// integrate_const with a dense-output stepper and an observer, called at
// the start and at each interpolated grid time (DDX_IN_ORDER): the
// derivative is the observer's own at each observation, as for
// integrate_times.
template <class S, class System, class State, class Time, class Observer>
auto integrate_const_forward(DDX_OPTION dense_output_fsal<S> stepper,
                             DDX_CALLABLE System system,
                             DDX_OUTPUT_RANGE State &state,
                             DDX_OPTION Time start, DDX_OPTION Time end,
                             DDX_OPTION Time dt,
                             DDX_CALLABLE DDX_IN_ORDER Observer observer) {
  odeint_detail::trajectory<State, Time> path;
  std::size_t steps = odeint_detail::dense_const(
      stepper, system, state, start, end, dt, path,
      [&](const State &x, Time t) { observer(x, t); });
  return ::ddx::recorded<std::size_t, odeint_detail::trajectory<State, Time>>{
      steps, std::move(path)};
}
template <class S, class System, class State, class Time, class Observer>
std::size_t integrate_const_pushforward(
    DDX_OPTION dense_output_fsal<S> stepper, DDX_CALLABLE System system,
    DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start, DDX_OPTION Time end,
    DDX_OPTION Time dt, DDX_CALLABLE DDX_IN_ORDER Observer observer,
    State &dstate) {
  odeint_detail::trajectory<State, Time> path;
  std::size_t steps = odeint_detail::dense_const(
      stepper, system, state, start, end, dt, path, [](const State &, Time) {});
  odeint_detail::dense_observed_tangent(stepper, system, observer, path,
                                        dstate);
  return steps;
}
template <class S, class System, class State, class Time, class Observer>
void integrate_const_pullback(
    const odeint_detail::trajectory<State, Time> &path,
    DDX_OPTION dense_output_fsal<S> stepper, DDX_CALLABLE System system,
    DDX_OUTPUT_RANGE State &, DDX_OPTION Time, DDX_OPTION Time, DDX_OPTION Time,
    DDX_CALLABLE DDX_IN_ORDER Observer observer, State &dstate) {
  odeint_detail::dense_observed_pullback(stepper, system, observer, path,
                                         dstate);
}

template <class S, class System, class State, class Time>
auto integrate_n_steps_forward(DDX_OPTION dense_output_fsal<S> stepper,
                               DDX_CALLABLE System system,
                               DDX_OUTPUT_RANGE State &state,
                               DDX_OPTION Time start, DDX_OPTION Time dt,
                               DDX_OPTION std::size_t steps) {
  return odeint_detail::recording<State, Time>([&](auto observer) {
    return odeint_detail::dense_steps(stepper, system, state, start, dt, steps,
                                      *observer.into);
  });
}
template <class S, class System, class State, class Time>
::ddx::dual<Time> integrate_n_steps_pushforward(
    DDX_OPTION dense_output_fsal<S> stepper, DDX_CALLABLE System system,
    DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start, DDX_OPTION Time dt,
    DDX_OPTION std::size_t steps, State &dstate) {
  auto r = integrate_n_steps_forward(stepper, system, state, start, dt, steps);
  odeint_detail::dense_tangent(stepper, system, r.record, dstate);
  return {r.value, Time(0)};
}
template <class S, class System, class State, class Time>
void integrate_n_steps_pullback(
    const odeint_detail::trajectory<State, Time> &path,
    DDX_OPTION dense_output_fsal<S> stepper, DDX_CALLABLE System system,
    DDX_OUTPUT_RANGE State &, DDX_OPTION Time, DDX_OPTION Time,
    DDX_OPTION std::size_t, ::ddx::tangent_t<Time>, State &dstate) {
  odeint_detail::dense_pullback(stepper, system, path, dstate);
}

// integrate_n_steps with a dense-output stepper and an observer, called at
// each interpolated grid time and, after odeint steps on to the end, at the
// state it stepped to there.
template <class S, class System, class State, class Time, class Observer>
auto integrate_n_steps_forward(DDX_OPTION dense_output_fsal<S> stepper,
                               DDX_CALLABLE System system,
                               DDX_OUTPUT_RANGE State &state,
                               DDX_OPTION Time start, DDX_OPTION Time dt,
                               DDX_OPTION std::size_t steps,
                               DDX_CALLABLE DDX_IN_ORDER Observer observer) {
  odeint_detail::trajectory<State, Time> path;
  Time time = odeint_detail::dense_steps(
      stepper, system, state, start, dt, steps, path,
      [&](const State &x, Time t) { observer(x, t); });
  return ::ddx::recorded<Time, odeint_detail::trajectory<State, Time>>{
      time, std::move(path)};
}
template <class S, class System, class State, class Time, class Observer>
::ddx::dual<Time> integrate_n_steps_pushforward(
    DDX_OPTION dense_output_fsal<S> stepper, DDX_CALLABLE System system,
    DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start, DDX_OPTION Time dt,
    DDX_OPTION std::size_t steps, DDX_CALLABLE DDX_IN_ORDER Observer observer,
    State &dstate) {
  odeint_detail::trajectory<State, Time> path;
  Time time =
      odeint_detail::dense_steps(stepper, system, state, start, dt, steps, path,
                                 [](const State &, Time) {});
  odeint_detail::dense_observed_tangent(stepper, system, observer, path,
                                        dstate);
  return {time, Time(0)};
}
template <class S, class System, class State, class Time, class Observer>
void integrate_n_steps_pullback(
    const odeint_detail::trajectory<State, Time> &path,
    DDX_OPTION dense_output_fsal<S> stepper, DDX_CALLABLE System system,
    DDX_OUTPUT_RANGE State &, DDX_OPTION Time, DDX_OPTION Time,
    DDX_OPTION std::size_t, DDX_CALLABLE DDX_IN_ORDER Observer observer,
    ::ddx::tangent_t<Time>, State &dstate) {
  odeint_detail::dense_observed_pullback(stepper, system, observer, path,
                                         dstate);
}

// integrate_times(stepper, system, state, first, last, dt, observer) with a
// plain stepper: odeint steps with dt, each step shortened to reach the
// next of the times in [first, last), and calls the observer at each. The
// observer is called as odeint calls it (DDX_IN_ORDER), so it may write
// what it captures (a sum, an array of samples); its derivative is its
// own at each observation, of the state odeint passed.
#define DDX_ODEINT_TIMES_RULES(params, stepper_type, loop)                     \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class It,    \
            class Time, class Observer>                                        \
  auto integrate_times_forward(                                                \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION It first, DDX_OPTION It last, DDX_OPTION Time dt,             \
      DDX_CALLABLE DDX_IN_ORDER Observer observer) {                           \
    odeint_detail::trajectory<State, Time> path;                               \
    std::size_t steps =                                                        \
        odeint_detail::loop(stepper, system, state, first, last, dt, path,     \
                            [&](const State &x, Time t) { observer(x, t); });  \
    return ::ddx::recorded<std::size_t,                                        \
                           odeint_detail::trajectory<State, Time>>{            \
        steps, std::move(path)};                                               \
  }                                                                            \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class It,    \
            class Time, class Observer>                                        \
  std::size_t integrate_times_pushforward(                                     \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION It first, DDX_OPTION It last, DDX_OPTION Time dt,             \
      DDX_CALLABLE DDX_IN_ORDER Observer observer, State &dstate) {            \
    odeint_detail::trajectory<State, Time> path;                               \
    std::size_t steps =                                                        \
        odeint_detail::loop(stepper, system, state, first, last, dt, path,     \
                            [](const State &, Time) {});                       \
    odeint_detail::times_tangent(stepper, system, observer, path, dstate);     \
    return steps;                                                              \
  }                                                                            \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class It,    \
            class Time, class Observer>                                        \
  void integrate_times_pullback(                                               \
      const odeint_detail::trajectory<State, Time> &path,                      \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &, DDX_OPTION It,     \
      DDX_OPTION It, DDX_OPTION Time,                                          \
      DDX_CALLABLE DDX_IN_ORDER Observer observer, State &dstate) {            \
    odeint_detail::times_pullback(stepper, system, observer, path, dstate);    \
  }                                                                            \
  /* (The times as a range: its begin and end.) */                             \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class Range, \
            class Time, class Observer>                                        \
  auto integrate_times_forward(                                                \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION const Range &times, DDX_OPTION Time dt,                       \
      DDX_CALLABLE DDX_IN_ORDER Observer observer) {                           \
    return integrate_times_forward(stepper, system, state, std::begin(times),  \
                                   std::end(times), dt, observer);             \
  }                                                                            \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class Range, \
            class Time, class Observer>                                        \
  std::size_t integrate_times_pushforward(                                     \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &state,               \
      DDX_OPTION const Range &times, DDX_OPTION Time dt,                       \
      DDX_CALLABLE DDX_IN_ORDER Observer observer, State &dstate) {            \
    return integrate_times_pushforward(stepper, system, state,                 \
                                       std::begin(times), std::end(times), dt, \
                                       observer, dstate);                      \
  }                                                                            \
  template <DDX_ODEINT_UNPAREN params, class System, class State, class Range, \
            class Time, class Observer>                                        \
  void integrate_times_pullback(                                               \
      const odeint_detail::trajectory<State, Time> &path,                      \
      DDX_OPTION DDX_ODEINT_UNPAREN stepper_type stepper,                      \
      DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &,                    \
      DDX_OPTION const Range &, DDX_OPTION Time,                               \
      DDX_CALLABLE DDX_IN_ORDER Observer observer, State &dstate) {            \
    odeint_detail::times_pullback(stepper, system, observer, path, dstate);    \
  }
#define DDX_ODEINT_PLAIN_TIMES_RULES(name)                                     \
  DDX_ODEINT_TIMES_RULES(                                                      \
      (class S, class V, class D, class T, class A, class O, class R),         \
      (::boost::numeric::odeint::name<S, V, D, T, A, O, R>), times_plain)
DDX_ODEINT_PLAIN_TIMES_RULES(euler)
DDX_ODEINT_PLAIN_TIMES_RULES(runge_kutta4)
DDX_ODEINT_PLAIN_TIMES_RULES(runge_kutta_cash_karp54)
DDX_ODEINT_PLAIN_TIMES_RULES(runge_kutta_dopri5)
DDX_ODEINT_PLAIN_TIMES_RULES(runge_kutta_fehlberg78)
DDX_ODEINT_TIMES_RULES(
    (class E, class C, class Adj, class Res, class Cat),
    (::boost::numeric::odeint::controlled_runge_kutta<E, C, Adj, Res, Cat>),
    times_controlled)
DDX_ODEINT_TIMES_RULES((class S), (dense_output_fsal<S>), times_dense)
#undef DDX_ODEINT_PLAIN_TIMES_RULES
#undef DDX_ODEINT_TIMES_RULES
#undef DDX_ODEINT_UNPAREN

// integrate(system, state, t0, t1, dt): integrate_adaptive with a
// runge_kutta_dopri5 under odeint's default error control.
template <class System, class State, class Time>
auto integrate_forward(DDX_CALLABLE System system,
                       DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start,
                       DDX_OPTION Time end, DDX_OPTION Time dt) {
  return odeint_detail::recording<State, Time>([&](auto observer) {
    return ::boost::numeric::odeint::integrate(system, state, start, end, dt,
                                               observer);
  });
}
template <class System, class State, class Time>
std::size_t integrate_pushforward(DDX_CALLABLE System system,
                                  DDX_OUTPUT_RANGE State &state,
                                  DDX_OPTION Time start, DDX_OPTION Time end,
                                  DDX_OPTION Time dt, State &dstate) {
  auto r = integrate_forward(system, state, start, end, dt);
  odeint_detail::tangent(
      odeint_detail::with_tableau<odeint_detail::runge_kutta_dopri5_tableau>(),
      system, r.record, r.record.accepted(), dstate);
  return r.value;
}
template <class System, class State, class Time>
void integrate_pullback(const odeint_detail::trajectory<State, Time> &path,
                        DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &,
                        DDX_OPTION Time, DDX_OPTION Time, DDX_OPTION Time,
                        State &dstate) {
  odeint_detail::pullback(
      odeint_detail::with_tableau<odeint_detail::runge_kutta_dopri5_tableau>(),
      system, path, path.accepted(), dstate);
}

// integrate(system, state, t0, t1, dt, observer): the observer is called
// after each of its steps, as for integrate_adaptive above.
template <class System, class State, class Time, class Observer>
auto integrate_forward(DDX_CALLABLE System system,
                       DDX_OUTPUT_RANGE State &state, DDX_OPTION Time start,
                       DDX_OPTION Time end, DDX_OPTION Time dt,
                       DDX_CALLABLE DDX_IN_ORDER Observer observer) {
  return odeint_detail::recording<State, Time>(
      [&](auto recorder) {
        return ::boost::numeric::odeint::integrate(system, state, start, end,
                                                   dt, recorder);
      },
      0, &observer);
}
template <class System, class State, class Time, class Observer>
std::size_t integrate_pushforward(DDX_CALLABLE System system,
                                  DDX_OUTPUT_RANGE State &state,
                                  DDX_OPTION Time start, DDX_OPTION Time end,
                                  DDX_OPTION Time dt,
                                  DDX_CALLABLE DDX_IN_ORDER Observer observer,
                                  State &dstate) {
  auto r = integrate_forward(system, state, start, end, dt);
  r.record.observe_all();
  odeint_detail::observed_tangent(
      odeint_detail::with_tableau<odeint_detail::runge_kutta_dopri5_tableau>(),
      system, observer, r.record, r.record.accepted(), dstate);
  return r.value;
}
template <class System, class State, class Time, class Observer>
void integrate_pullback(const odeint_detail::trajectory<State, Time> &path,
                        DDX_CALLABLE System system, DDX_OUTPUT_RANGE State &,
                        DDX_OPTION Time, DDX_OPTION Time, DDX_OPTION Time,
                        DDX_CALLABLE DDX_IN_ORDER Observer observer,
                        State &dstate) {
  odeint_detail::observed_pullback(
      odeint_detail::with_tableau<odeint_detail::runge_kutta_dopri5_tableau>(),
      system, observer, path, path.accepted(), dstate);
}

} // namespace ddx::rules::boost::numeric::odeint

#endif // DDX_RULES_BOOST_NUMERIC_ODEINT_INTEGRATE_HPP
