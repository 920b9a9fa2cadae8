// ddx rules for GSL's ODE driver (<gsl/gsl_odeiv2.h>):
// gsl_odeiv2_driver_apply and gsl_odeiv2_driver_apply_fixed_step, with the
// explicit Runge-Kutta steppers gsl_odeiv2_step_rk2, _rk4, _rkf45, _rkck
// and _rk8pd.
//
// The driver keeps the system in a handle: gsl_odeiv2_driver_alloc_*_new
// gives it a gsl_odeiv2_system (the function in its `function` field,
// called with its `params`) and returns it, and each apply call steps it.
// The `_binds` declarations below name the allocations; ddx gives each
// apply call the function the driver was made with (DDX_BOUND; see
// docs/rules.md, "Solver handles").
//
// The derivative is that of the steps the driver took: the rule runs the
// driver's own loop (gsl_odeiv2_evolve_apply on the driver's evolve,
// control and stepper objects, as gsl_odeiv2_driver_apply does), so the
// primal is GSL's bit for bit, and records the start, the size and the
// starting state of each accepted step. Each step is then replayed with the
// stepper's Butcher tableau, read once from GSL's own stepper by applying
// it to a probe system (as the quadrature rules read GSL's Kronrod nodes):
// forward, the stages' tangents through the system's pushforward; reverse,
// the stages evaluated again and pulled back last first. The step sizes
// are held constant: how the error control chose them is not
// differentiated, as for Boost.Odeint's controlled steppers.
#ifndef DDX_RULES_GSL_ODEIV2_HPP
#define DDX_RULES_GSL_ODEIV2_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <ddx/rule.hpp>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <iterator>
#include <limits>
#include <vector>

namespace ddx::rules::gsl_ode_detail {

/// An explicit Runge-Kutta method as a GSL stepper applies it: stage i is
/// the system at t + c[i] h and y + h sum_{j<i} a[i][j] k_j, and the step
/// gives y + h sum_i b[i] k_i.
struct tableau {
  std::vector<double> c, b;
  std::vector<std::vector<double>> a;
  std::size_t stages() const { return c.size(); }
};

/// The tableau of stepper type T, read by applying one step of size 1 from
/// y = 0 to a probe system that returns the i-th unit vector at its i-th
/// evaluation: the state it is given there is row i of a, its time c[i],
/// and the step's result b. The steppers are linear in the stages, so this
/// is exact (GSL's rk4 takes two half steps and estimates its error with a
/// whole one; the probe sees all eleven evaluations, and the whole step's
/// have weight 0).
/// The probe's dimension: more than any explicit stepper's evaluations.
constexpr std::size_t probe_width = 32;
inline tableau read_tableau(const gsl_odeiv2_step_type *T) {
  constexpr std::size_t width = probe_width;
  struct probe {
    std::vector<double> t;
    std::vector<std::vector<double>> y;
  } p;
  gsl_odeiv2_system unit{
      [](double t, const double y[], double dydt[], void *v) -> int {
        probe &p = *static_cast<probe *>(v);
        std::size_t i = p.t.size();
        p.t.push_back(t);
        p.y.emplace_back(y, y + probe_width);
        for (std::size_t n = 0; n < probe_width; ++n)
          dydt[n] = n == i ? 1.0 : 0.0;
        return GSL_SUCCESS;
      },
      nullptr, width, &p};
  gsl_odeiv2_step *s = gsl_odeiv2_step_alloc(T, width);
  std::vector<double> y(width, 0.0), error(width);
  gsl_odeiv2_step_apply(s, 0.0, 1.0, y.data(), error.data(), nullptr, nullptr,
                        &unit);
  gsl_odeiv2_step_free(s);
  // Only the evaluations the result depends on are replayed: GSL's error
  // estimates add stages of their own (rk4's whole step, an embedded
  // pair's last stage) that the step's result never reads.
  const std::size_t S = p.t.size();
  std::vector<bool> used(S);
  for (std::size_t i = S; i-- > 0;) {
    used[i] = y[i] != 0.0;
    for (std::size_t j = i + 1; j < S && !used[i]; ++j)
      used[i] = used[j] && p.y[j][i] != 0.0;
  }
  tableau tab;
  for (std::size_t i = 0; i < S; ++i) {
    if (!used[i])
      continue;
    tab.c.push_back(p.t[i]);
    tab.b.push_back(y[i]);
    tab.a.emplace_back();
    for (std::size_t j = 0; j < i; ++j)
      if (used[j])
        tab.a.back().push_back(p.y[i][j]);
  }
  return tab;
}

/// The tableau of the stepper a driver steps with (read once per type).
/// ddx admits only these types (the _binds declarations below); another
/// one gets a tableau whose weight is NaN, so its derivative is NaN, never
/// a number taken with another method's tableau.
inline const tableau &tableau_of(const gsl_odeiv2_step_type *T) {
  static const gsl_odeiv2_step_type *const types[] = {
      gsl_odeiv2_step_rk2, gsl_odeiv2_step_rk4, gsl_odeiv2_step_rkf45,
      gsl_odeiv2_step_rkck, gsl_odeiv2_step_rk8pd};
  static const tableau tabs[] = {read_tableau(types[0]), read_tableau(types[1]),
                                 read_tableau(types[2]), read_tableau(types[3]),
                                 read_tableau(types[4])};
  static const tableau unknown{
      {0.0}, {std::numeric_limits<double>::quiet_NaN()}, {{}}};
  for (std::size_t i = 0; i < std::size(types); ++i)
    if (types[i] == T)
      return tabs[i];
  return unknown;
}

/// The steps a driver took: each one's start time, size and starting state,
/// and the method it took them with.
struct trajectory {
  const tableau *method = nullptr;
  std::size_t dimension = 0;
  std::vector<double> starts, sizes, states;
  const double *state(std::size_t i) const {
    return states.data() + i * dimension;
  }
  std::size_t steps() const { return sizes.size(); }

  /// Begins the record of driver d's steps.
  void begin(const gsl_odeiv2_driver *d) {
    method = &tableau_of(d->s->type);
    dimension = d->sys->dimension;
  }
  /// The step `take` makes from (t, y), recorded if it is accepted: its
  /// start, its size (read after the step: evolve_apply sets the driver's
  /// last_step) and its starting state. Returns take's status.
  template <class Take>
  int step(const double *t, const double *y, const double &size, Take take) {
    double start = *t;
    states.insert(states.end(), y, y + dimension);
    int status = take();
    if (status != GSL_SUCCESS) {
      states.resize(steps() * dimension);
      return status;
    }
    starts.push_back(start);
    sizes.push_back(size);
    return status;
  }
};

/// gsl_odeiv2_driver_apply's loop, with each accepted step recorded.
inline int drive(gsl_odeiv2_driver *d, double *t, double t1, double y[],
                 trajectory &path) {
  path.begin(d);
  d->n = 0;
  const int sign = d->h > 0.0 ? 1 : -1;
  if (sign * (t1 - *t) < 0.0) {
    GSL_ERROR("integration limits and/or step direction not consistent",
              GSL_EINVAL);
  }
  while (sign * (t1 - *t) > 0.0) {
    int s = path.step(t, y, d->e->last_step, [&] {
      return gsl_odeiv2_evolve_apply(d->e, d->c, d->s, d->sys, t, t1, &d->h, y);
    });
    if (s != GSL_SUCCESS)
      return s;
    if (d->nmax > 0 && d->n > d->nmax)
      return GSL_EMAXITER;
    if (std::fabs(d->h) > d->hmax)
      d->h = sign * d->hmax;
    if (std::fabs(d->h) < d->hmin)
      return GSL_ENOPROG;
    d->n++;
  }
  return GSL_SUCCESS;
}

/// gsl_odeiv2_driver_apply_fixed_step's loop, with each step recorded.
inline int drive_fixed(gsl_odeiv2_driver *d, double *t, double h,
                       unsigned long n, double y[], trajectory &path) {
  path.begin(d);
  d->n = 0;
  for (unsigned long i = 0; i < n; ++i) {
    int s = path.step(t, y, h, [&] {
      return gsl_odeiv2_evolve_apply_fixed_step(d->e, d->c, d->s, d->sys, t, h,
                                                y);
    });
    if (s != GSL_SUCCESS)
      return s;
    d->n++;
  }
  return GSL_SUCCESS;
}

/// The stages of one step, made once for a whole trajectory.
struct stage_states {
  std::vector<std::vector<double>> k, input, nu, kappa;
  stage_states(std::size_t stages, std::size_t n)
      : k(stages, std::vector<double>(n)), input(k), nu(k), kappa(k) {}
};

/// y + h sum_{j<i} a[i][j] k[j], for stage i.
inline void stage_input(const tableau &tab, std::size_t i, const double *y,
                        const std::vector<std::vector<double>> &k, double h,
                        std::vector<double> &out) {
  for (std::size_t n = 0; n < out.size(); ++n) {
    double v = 0;
    for (std::size_t j = 0; j < i; ++j)
      if (tab.a[i][j] != 0)
        v += tab.a[i][j] * k[j][n];
    out[n] = y[n] + h * v;
  }
}

/// The tangent dy at the start of each step becomes the tangent at its end:
/// dk_i = f'(Y_i) dY_i + (the system's captured tangents).
template <class F>
void tangent(const F &f, const trajectory &path, double *dy) {
  const tableau &tab = *path.method;
  const std::size_t n = path.dimension, S = tab.stages();
  stage_states w(S, n);
  for (std::size_t s = 0; s < path.steps(); ++s) {
    double t = path.starts[s], h = path.sizes[s];
    for (std::size_t i = 0; i < S; ++i) {
      stage_input(tab, i, path.state(s), w.k, h, w.input[i]);
      stage_input(tab, i, dy, w.nu, h, w.kappa[i]);
      f.pushforward(t + tab.c[i] * h, w.input[i].data(), w.k[i].data(), 0.0,
                    w.kappa[i].data(), w.nu[i].data());
    }
    for (std::size_t m = 0; m < n; ++m)
      for (std::size_t i = 0; i < S; ++i)
        dy[m] += h * tab.b[i] * w.nu[i][m];
  }
}

/// The adjoint lambda at the end of each step, last first, becomes the
/// adjoint at its start; the system adds into its captures' adjoints. The
/// stages are evaluated again by the system's forward sweep and pulled
/// back, last first, by its reverse sweep.
template <class F>
void pullback(const F &f, const trajectory &path, double *lambda) {
  const tableau &tab = *path.method;
  const std::size_t n = path.dimension, S = tab.stages();
  stage_states w(S, n);
  std::vector<double> sum(n);
  for (std::size_t s = path.steps(); s-- > 0;) {
    double t = path.starts[s], h = path.sizes[s], dtime = 0;
    for (std::size_t i = 0; i < S; ++i) {
      stage_input(tab, i, path.state(s), w.k, h, w.input[i]);
      std::fill(w.nu[i].begin(), w.nu[i].end(), 0.0);
      std::fill(w.kappa[i].begin(), w.kappa[i].end(), 0.0);
      f.forward(t + tab.c[i] * h, w.input[i].data(), w.k[i].data(), dtime,
                w.nu[i].data(), w.kappa[i].data());
    }
    sum.assign(lambda, lambda + n);
    for (std::size_t i = S; i-- > 0;) {
      // The adjoint of k[i]: through the step's sum, and through the
      // inputs of the later stages.
      for (std::size_t m = 0; m < n; ++m) {
        double v = h * tab.b[i] * lambda[m];
        for (std::size_t j = i + 1; j < S; ++j)
          if (tab.a[j][i] != 0)
            v += h * tab.a[j][i] * w.nu[j][m];
        w.kappa[i][m] = v;
      }
      f.reverse(t + tab.c[i] * h, w.input[i].data(), w.k[i].data(), dtime,
                w.nu[i].data(), w.kappa[i].data());
      for (std::size_t m = 0; m < n; ++m)
        sum[m] += w.nu[i][m];
    }
    std::copy(sum.begin(), sum.end(), lambda);
  }
}

} // namespace ddx::rules::gsl_ode_detail

namespace ddx::rules {

// The allocations that give a driver its system. The stepper must be one
// of the explicit Runge-Kutta types, named at the call.
#define DDX_GSL_ODE_STEPPERS                                                   \
  "gsl_odeiv2_step_rk2 gsl_odeiv2_step_rk4 gsl_odeiv2_step_rkf45 "             \
  "gsl_odeiv2_step_rkck gsl_odeiv2_step_rk8pd"
DDX_HANDLE gsl_odeiv2_driver *gsl_odeiv2_driver_alloc_y_new_binds(
    DDX_CALLABLE_FIELD(function) const gsl_odeiv2_system *sys,
    DDX_ONE_OF(DDX_GSL_ODE_STEPPERS) const gsl_odeiv2_step_type *T,
    DDX_OPTION double hstart, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel);
DDX_HANDLE gsl_odeiv2_driver *gsl_odeiv2_driver_alloc_yp_new_binds(
    DDX_CALLABLE_FIELD(function) const gsl_odeiv2_system *sys,
    DDX_ONE_OF(DDX_GSL_ODE_STEPPERS) const gsl_odeiv2_step_type *T,
    DDX_OPTION double hstart, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel);
DDX_HANDLE gsl_odeiv2_driver *gsl_odeiv2_driver_alloc_standard_new_binds(
    DDX_CALLABLE_FIELD(function) const gsl_odeiv2_system *sys,
    DDX_ONE_OF(DDX_GSL_ODE_STEPPERS) const gsl_odeiv2_step_type *T,
    DDX_OPTION double hstart, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION double a_y, DDX_OPTION double a_dydt);
DDX_HANDLE gsl_odeiv2_driver *gsl_odeiv2_driver_alloc_scaled_new_binds(
    DDX_CALLABLE_FIELD(function) const gsl_odeiv2_system *sys,
    DDX_ONE_OF(DDX_GSL_ODE_STEPPERS) const gsl_odeiv2_step_type *T,
    DDX_OPTION double hstart, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION double a_y, DDX_OPTION double a_dydt,
    DDX_OPTION const double scale_abs[]);
#undef DDX_GSL_ODE_STEPPERS

// gsl_odeiv2_driver_apply(d, &t, t1, y): y (the driver's dimension of
// doubles) goes from t to t1 in place; t ends at t1.
inline int gsl_odeiv2_driver_apply_written(gsl_odeiv2_driver *d, double *,
                                           double, double *) {
  return static_cast<int>(d->sys->dimension);
}
inline ::ddx::recorded<int, gsl_ode_detail::trajectory>
gsl_odeiv2_driver_apply_forward(DDX_HANDLE gsl_odeiv2_driver *d,
                                DDX_OPTION double *t, DDX_OPTION double t1,
                                DDX_OUTPUT_RANGE double *y) {
  gsl_ode_detail::trajectory path;
  int status = gsl_ode_detail::drive(d, t, t1, y, path);
  return {status, std::move(path)};
}
template <class F>
int gsl_odeiv2_driver_apply_pushforward(
    DDX_BOUND F f, DDX_HANDLE gsl_odeiv2_driver *d, DDX_OPTION double *t,
    DDX_OPTION double t1, DDX_OUTPUT_RANGE double *y, double *dy) {
  auto r = gsl_odeiv2_driver_apply_forward(d, t, t1, y);
  gsl_ode_detail::tangent(f, r.record, dy);
  return r.value;
}
template <class F>
void gsl_odeiv2_driver_apply_pullback(const gsl_ode_detail::trajectory &path,
                                      DDX_BOUND F f,
                                      DDX_HANDLE gsl_odeiv2_driver *,
                                      DDX_OPTION double *, DDX_OPTION double,
                                      DDX_OUTPUT_RANGE double *, double *dy) {
  gsl_ode_detail::pullback(f, path, dy);
}

// gsl_odeiv2_driver_apply_fixed_step(d, &t, h, n, y): n steps of size h.
inline int gsl_odeiv2_driver_apply_fixed_step_written(gsl_odeiv2_driver *d,
                                                      double *, double,
                                                      unsigned long, double *) {
  return static_cast<int>(d->sys->dimension);
}
inline ::ddx::recorded<int, gsl_ode_detail::trajectory>
gsl_odeiv2_driver_apply_fixed_step_forward(DDX_HANDLE gsl_odeiv2_driver *d,
                                           DDX_OPTION double *t,
                                           DDX_OPTION double h,
                                           DDX_OPTION unsigned long n,
                                           DDX_OUTPUT_RANGE double *y) {
  gsl_ode_detail::trajectory path;
  int status = gsl_ode_detail::drive_fixed(d, t, h, n, y, path);
  return {status, std::move(path)};
}
template <class F>
int gsl_odeiv2_driver_apply_fixed_step_pushforward(
    DDX_BOUND F f, DDX_HANDLE gsl_odeiv2_driver *d, DDX_OPTION double *t,
    DDX_OPTION double h, DDX_OPTION unsigned long n, DDX_OUTPUT_RANGE double *y,
    double *dy) {
  auto r = gsl_odeiv2_driver_apply_fixed_step_forward(d, t, h, n, y);
  gsl_ode_detail::tangent(f, r.record, dy);
  return r.value;
}
template <class F>
void gsl_odeiv2_driver_apply_fixed_step_pullback(
    const gsl_ode_detail::trajectory &path, DDX_BOUND F f,
    DDX_HANDLE gsl_odeiv2_driver *, DDX_OPTION double *, DDX_OPTION double,
    DDX_OPTION unsigned long, DDX_OUTPUT_RANGE double *, double *dy) {
  gsl_ode_detail::pullback(f, path, dy);
}

} // namespace ddx::rules

#endif // DDX_RULES_GSL_ODEIV2_HPP
