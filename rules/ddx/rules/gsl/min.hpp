// ddx rules for GSL's one-dimensional minimizers (<gsl/gsl_min.h>:
// gsl_min_fminimizer_brent, _goldensection, _quad_golden).
//
// As for the root solvers (gsl/roots.hpp), the user drives the minimizer:
// gsl_min_fminimizer_set (or _set_with_values) gives it a gsl_function and
// a bracket, gsl_min_fminimizer_iterate steps it, and the reads say where it
// is. ddx keeps the set-up and the iterations as they are and gives each
// read the function the minimizer was set up with (docs/rules.md, "Solver
// handles").
//
// x_minimum moves with what the function captures by the implicit function
// theorem on df/dx = 0 at that point (detail/implicit.hpp); the bracket's
// ends move as the minimum does. f_minimum, f_lower and f_upper are the
// function's values at those points, with the tangent of f along that move.
// In reverse mode the forward sweep records the points read and the
// bracket's width, so the pullback needs nothing of the minimizer.
#ifndef DDX_RULES_GSL_MIN_HPP
#define DDX_RULES_GSL_MIN_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <ddx/rule.hpp>
#include <ddx/rules/detail/implicit.hpp>
#include <gsl/gsl_min.h>

namespace ddx::rules {

namespace gsl_detail {
/// What a read of a minimizer depends on: the point read (a bracket's end,
/// or the minimum), the minimum, and the bracket's width (the scale of the
/// stencil for the second derivatives).
struct minimizer_point {
  double read, minimum, width;
};
inline minimizer_point minimizer_at(const gsl_min_fminimizer *s, double read) {
  return {read, gsl_min_fminimizer_x_minimum(s),
          gsl_min_fminimizer_x_upper(s) - gsl_min_fminimizer_x_lower(s)};
}
} // namespace gsl_detail

int gsl_min_fminimizer_set_binds(DDX_HANDLE gsl_min_fminimizer *s,
                                 DDX_CALLABLE gsl_function *f,
                                 DDX_OPTION double x_minimum,
                                 DDX_OPTION double x_lower,
                                 DDX_OPTION double x_upper);
int gsl_min_fminimizer_set_with_values_binds(
    DDX_HANDLE gsl_min_fminimizer *s, DDX_CALLABLE gsl_function *f,
    DDX_OPTION double x_minimum, DDX_OPTION double f_minimum,
    DDX_OPTION double x_lower, DDX_OPTION double f_lower,
    DDX_OPTION double x_upper, DDX_OPTION double f_upper);

// A point: the minimum, or an end of the bracket, which moves with it.
#define DDX_GSL_MIN_POINT_RULES(name)                                          \
  template <class F>                                                           \
  ::ddx::dual<double> name##_pushforward(                                      \
      DDX_BOUND F f, DDX_HANDLE const gsl_min_fminimizer *s) {                 \
    auto at = gsl_detail::minimizer_at(s, name(s));                            \
    return {at.read,                                                           \
            implicit::minimum_tangent(f, at.minimum, at.width).first};         \
  }                                                                            \
  inline ::ddx::recorded<double, gsl_detail::minimizer_point> name##_forward(  \
      DDX_HANDLE const gsl_min_fminimizer *s) {                                \
    auto at = gsl_detail::minimizer_at(s, name(s));                            \
    return {at.read, at};                                                      \
  }                                                                            \
  template <class F>                                                           \
  void name##_pullback(const gsl_detail::minimizer_point &at, DDX_BOUND F f,   \
                       DDX_HANDLE const gsl_min_fminimizer *, double seed) {   \
    implicit::minimum_pullback(f, at.minimum, at.width, seed, 0.0);            \
  }

// The function's value at a point.
#define DDX_GSL_MIN_VALUE_RULES(name, point)                                   \
  template <class F>                                                           \
  ::ddx::dual<double> name##_pushforward(                                      \
      DDX_BOUND F f, DDX_HANDLE const gsl_min_fminimizer *s) {                 \
    auto at = gsl_detail::minimizer_at(s, point(s));                           \
    double dx = implicit::minimum_tangent(f, at.minimum, at.width).first;      \
    return {name(s), implicit::value_tangent(f, at.read, dx)};                 \
  }                                                                            \
  inline ::ddx::recorded<double, gsl_detail::minimizer_point> name##_forward(  \
      DDX_HANDLE const gsl_min_fminimizer *s) {                                \
    return {name(s), gsl_detail::minimizer_at(s, point(s))};                   \
  }                                                                            \
  template <class F>                                                           \
  void name##_pullback(const gsl_detail::minimizer_point &at, DDX_BOUND F f,   \
                       DDX_HANDLE const gsl_min_fminimizer *, double seed) {   \
    implicit::minimum_pullback(f, at.minimum, at.width, 0.0, seed, at.read);   \
  }

DDX_GSL_MIN_POINT_RULES(gsl_min_fminimizer_x_minimum)
DDX_GSL_MIN_POINT_RULES(gsl_min_fminimizer_minimum)
DDX_GSL_MIN_POINT_RULES(gsl_min_fminimizer_x_lower)
DDX_GSL_MIN_POINT_RULES(gsl_min_fminimizer_x_upper)
DDX_GSL_MIN_VALUE_RULES(gsl_min_fminimizer_f_minimum,
                        gsl_min_fminimizer_x_minimum)
DDX_GSL_MIN_VALUE_RULES(gsl_min_fminimizer_f_lower, gsl_min_fminimizer_x_lower)
DDX_GSL_MIN_VALUE_RULES(gsl_min_fminimizer_f_upper, gsl_min_fminimizer_x_upper)
#undef DDX_GSL_MIN_POINT_RULES
#undef DDX_GSL_MIN_VALUE_RULES

} // namespace ddx::rules

#endif // DDX_RULES_GSL_MIN_HPP
