// ddx rules for GSL's one-dimensional root solvers (<gsl/gsl_roots.h>):
// the bracketing gsl_root_fsolver_brent, _bisection and _falsepos, and the
// polishing gsl_root_fdfsolver_newton, _secant and _steffenson.
//
// The user drives the solver: gsl_root_fsolver_set gives it a gsl_function
// and a bracket, gsl_root_fsolver_iterate steps it, and
// gsl_root_fsolver_root, _x_lower and _x_upper read where it is. ddx keeps
// the set-up and the iterations as they are (the `_binds` declaration below
// names the set-up call and which of its arguments is the function) and
// gives each read the function the solver was set up with (DDX_BOUND; see
// docs/rules.md, "Solver handles").
//
// The derivative of a read is that of the point it returns, by the
// implicit function theorem at that point (detail/implicit.hpp): the
// bracket and the iterations have no effect on it. Each end of the bracket
// moves by the theorem at that end, as in Boost's bracketing rules. In reverse mode the forward sweep records the point
// read, so the pullback needs nothing of the solver (which the user may
// have freed by then).
#ifndef DDX_RULES_GSL_ROOTS_HPP
#define DDX_RULES_GSL_ROOTS_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <ddx/rule.hpp>
#include <ddx/rules/detail/implicit.hpp>
#include <gsl/gsl_roots.h>

namespace ddx::rules {

int gsl_root_fsolver_set_binds(DDX_HANDLE gsl_root_fsolver *s,
                               DDX_CALLABLE gsl_function *f,
                               DDX_OPTION double x_lower,
                               DDX_OPTION double x_upper);

int gsl_root_fdfsolver_set_binds(DDX_HANDLE gsl_root_fdfsolver *s,
                                 DDX_CALLABLE_FIELD(f) gsl_function_fdf *fdf,
                                 DDX_OPTION double root);

#define DDX_GSL_ROOT_READ_RULES(name, solver)                                  \
  template <class F>                                                           \
  ::ddx::dual<double> name##_pushforward(DDX_BOUND F f,                        \
                                         DDX_HANDLE const solver *s) {         \
    double x = name(s);                                                        \
    return {x, implicit::root_tangent(f, x)};                                  \
  }                                                                            \
  inline ::ddx::recorded<double, double> name##_forward(                       \
      DDX_HANDLE const solver *s) {                                            \
    return ::ddx::record_value(name(s));                                       \
  }                                                                            \
  template <class F>                                                           \
  void name##_pullback(double x, DDX_BOUND F f, DDX_HANDLE const solver *,     \
                       double seed) {                                          \
    implicit::root_pullback(f, x, seed);                                       \
  }

DDX_GSL_ROOT_READ_RULES(gsl_root_fsolver_root, gsl_root_fsolver)
DDX_GSL_ROOT_READ_RULES(gsl_root_fsolver_x_lower, gsl_root_fsolver)
DDX_GSL_ROOT_READ_RULES(gsl_root_fsolver_x_upper, gsl_root_fsolver)
DDX_GSL_ROOT_READ_RULES(gsl_root_fdfsolver_root, gsl_root_fdfsolver)
#undef DDX_GSL_ROOT_READ_RULES

} // namespace ddx::rules

#endif // DDX_RULES_GSL_ROOTS_HPP
