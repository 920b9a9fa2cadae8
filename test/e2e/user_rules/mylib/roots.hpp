// A user-written higher-order rule, loaded with `ddx --rules`: the root of
// a callable found by Newton's method, differentiated by the implicit
// function theorem instead of through the iterations. For x* with
// f(x*; p) = 0, dx*/dp = -(df/dp) / (df/dx) at x*.
#ifndef MYLIB_RULES_ROOTS_HPP
#define MYLIB_RULES_ROOTS_HPP

#include <ddx/rule.hpp>
#include <user_lib/mylib_roots.hpp>

namespace ddx::rules::mylib {

template <class F>
::ddx::dual<double> newton_root_pushforward(DDX_CALLABLE F f, double x0,
                                            DDX_OPTION double tol,
                                            DDX_OPTION int max_iter,
                                            double dx0) {
  (void)dx0; // the root does not depend on the starting point
  double x = ::mylib::newton_root(f, x0, tol, max_iter);
  double by_params = f.pushforward(x, 0.0).tangent;
  double by_x = f.pushforward(x, 1.0).tangent - by_params;
  return {x, -by_params / by_x};
}

template <class F>
void newton_root_pullback(DDX_CALLABLE F f, double x0, DDX_OPTION double tol,
                          DDX_OPTION int max_iter, double seed, double &dx0) {
  (void)dx0;
  double x = ::mylib::newton_root(f, x0, tol, max_iter);
  // df/dx at the root, without touching the captures' adjoints.
  typename F::cotangent_type scratch{};
  double by_x = 0;
  f.pullback_to(scratch, x, 1.0, by_x);
  double ignored = 0;
  f.pullback(x, -seed / by_x, ignored);
}

/// Forward mode only: reverse mode reports that the pullback is missing.
template <class F>
::ddx::dual<double> sample_mean_pushforward(DDX_CALLABLE F f, double a,
                                            double b, DDX_OPTION int n,
                                            double da, double db) {
  ::ddx::dual<double> s{0, 0};
  for (int i = 0; i < n; ++i) {
    double t = (i + 0.5) / n;
    auto v = f.pushforward(a + (b - a) * t, da + (db - da) * t);
    s.value += v.value;
    s.tangent += v.tangent;
  }
  return {s.value / n, s.tangent / n};
}

/// Forward mode only, and a struct result: reverse mode reports that the
/// pullback is missing (a struct seed cannot be transposed).
inline ::ddx::dual<::mylib::Span> scaled_span_pushforward(double a, double b,
                                                        double k, double da,
                                                        double db, double dk) {
  return {::mylib::scaled_span(a, b, k),
          {da * k + a * dk, db * k + b * dk}};
}

/// A result holding a container: refused where its value is varied.
inline ::ddx::dual<::mylib::Samples>
line_samples_pushforward(double a, double b, DDX_OPTION int n, double da,
                         double db) {
  return {::mylib::line_samples(a, b, n), ::mylib::line_samples(da, db, n)};
}

} // namespace ddx::rules::mylib

#endif // MYLIB_RULES_ROOTS_HPP
