// A user library with a higher-order function (for the --rules tests).
#ifndef MYLIB_ROOTS_HPP
#define MYLIB_ROOTS_HPP

#include <cmath>
#include <vector>

namespace mylib {
// Not differentiable by ddx as written (the iteration count depends on the
// values); the rule in test/e2e/user_rules/mylib/roots.hpp says how.
template <class F>
double newton_root(F f, double x0, double tol = 1e-14, int max_iter = 50) {
  double x = x0;
  for (int i = 0; i < max_iter; ++i) {
    double h = 1e-7 * (1 + std::fabs(x));
    double fx = f(x);
    double step = fx * 2 * h / (f(x + h) - f(x - h));
    x -= step;
    if (std::fabs(step) < tol)
      break;
  }
  return x;
}

/// The mean of f over n points of [a, b] (its rule has no pullback).
template <class F> double sample_mean(F f, double a, double b, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += f(a + (b - a) * (i + 0.5) / n);
  return s / n;
}
/// Both ends of [a, b] scaled by k (its rule has no pullback).
struct Span {
  double lo, hi;
};
inline Span scaled_span(double a, double b, double k) {
  return {a * k, b * k};
}

/// n samples of a line through (0, a) with slope b, and their mean (its
/// rule returns a struct holding a container, which carries no tangent
/// back from a rule).
struct Samples {
  std::vector<double> values;
  double mean;
};
inline Samples line_samples(double a, double b, int n) {
  Samples s{std::vector<double>(n), 0};
  for (int i = 0; i < n; ++i)
    s.mean += (s.values[i] = a + b * i) / n;
  return s;
}
} // namespace mylib

#endif // MYLIB_ROOTS_HPP
