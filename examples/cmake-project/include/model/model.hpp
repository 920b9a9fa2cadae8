// The model: the expected decay of exp(-k x^2) over [0, DECAY_WIDTH], by
// Boost's adaptive Gauss-Kronrod quadrature, through a helper that takes the
// integrand as std::function.
#ifndef MODEL_MODEL_HPP
#define MODEL_MODEL_HPP

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <functional>

#ifndef DECAY_WIDTH
#error "DECAY_WIDTH comes from the target's compile definitions"
#endif
#ifndef DECAY_TOL
#error "DECAY_TOL comes from the target's compile options"
#endif

namespace model {

// The integrand differs between builds with and without NDEBUG, so ddx must
// parse with the flags the compiler gets (a Release build's -DNDEBUG), or
// it would differentiate another function than the one compiled.
#ifdef NDEBUG
inline double shape(double k, double x) { return std::exp(-k * x * x); }
#else
inline double shape(double k, double x) { return std::exp(-2 * k * x * x); }
#endif

inline double integrate(std::function<double(double)> f, double tol) {
  return boost::math::quadrature::gauss_kronrod<double, 15>::integrate(
      f, 0.0, DECAY_WIDTH, 10, tol);
}

inline double expected_decay(double k, double c) {
  return c * integrate([k](double x) { return shape(k, x); }, DECAY_TOL);
}

} // namespace model

#endif
