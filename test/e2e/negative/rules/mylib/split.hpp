// A rule with a mistake, for negative/rule_output_without_dual.cpp:
// mylib::split returns a floating-point value and writes one through
// `double *frac`, but its pushforward returns a plain double, so the
// returned value's tangent has nowhere to go (docs/rules.md, "Outputs").
#ifndef MYLIB_RULES_SPLIT_HPP
#define MYLIB_RULES_SPLIT_HPP

#include <cmath>
#include <ddx/rule.hpp>

namespace mylib {
inline double split(double x, double *frac) {
  double whole = std::floor(x);
  *frac = x - whole;
  return whole;
}
} // namespace mylib

namespace ddx::rules::mylib {
inline double split_pushforward(double x, double *frac, double dx,
                                double *dfrac) {
  *dfrac = dx;
  return ::mylib::split(x, frac);
}
inline void split_pullback(double x, double *frac, double seed, double &dx,
                           double *dfrac) {
  (void)x, (void)frac, (void)seed;
  dx += *dfrac;
}
} // namespace ddx::rules::mylib

#endif
