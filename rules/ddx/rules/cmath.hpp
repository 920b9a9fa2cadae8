// ddx rules for <cmath>.
//
// Each rule is a pushforward: `name_pushforward(args..., tangents...)` returns
// the tangent of `name(args...)`. The tangent parameters are not deduced, so a
// literal 0 (an inactive argument) converts to the argument's type.
//
// ddx derives the reverse mode from these rules (a pushforward is linear in
// the tangents, so the adjoint of argument i is the pushforward with the seed
// in slot i and zeros elsewhere); see docs/rules.md.
//
// The float and long double spellings of the C library (sinf, sinl, ...)
// share these rules: ddx binds `sinf` to `sin_pushforward<float>`.
#ifndef DDX_RULES_CMATH_HPP
#define DDX_RULES_CMATH_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <cmath>
#include <ddx/rule.hpp>
#include <type_traits>

namespace ddx::rules {

using ::ddx::tangent_t;

namespace detail {
template <class T> constexpr T pi = T(3.141592653589793238462643383279502884L);
}

// Trigonometric.
template <class T> T sin_pushforward(T x, tangent_t<T> dx) {
  return std::cos(x) * dx;
}
template <class T> T cos_pushforward(T x, tangent_t<T> dx) {
  return -std::sin(x) * dx;
}
// Reverse mode: a call with a pullback is a statement of its own, whose
// value the rest of the expression reads from a variable, so the reverse
// sweep reads that value (`sin(x) * y`'s partial in y) instead of calling
// the function again. The forward sweep records the derivative, which it
// gets nearly for free: the compiler computes a sine and a cosine of the
// same argument in one sincos call.
template <class T> auto sin_forward(T x) {
  return ::ddx::recorded<T, T>{std::sin(x), std::cos(x)};
}
template <class T>
void sin_pullback(const T &cosine, T, T seed, tangent_t<T> &dx) {
  dx += cosine * seed;
}
template <class T> auto cos_forward(T x) {
  return ::ddx::recorded<T, T>{std::cos(x), std::sin(x)};
}
template <class T>
void cos_pullback(const T &sine, T, T seed, tangent_t<T> &dx) {
  dx += -sine * seed;
}
template <class T> T tan_pushforward(T x, tangent_t<T> dx) {
  T c = std::cos(x);
  return dx / (c * c);
}
template <class T> T asin_pushforward(T x, tangent_t<T> dx) {
  return dx / std::sqrt(T(1) - x * x);
}
template <class T> T acos_pushforward(T x, tangent_t<T> dx) {
  return -dx / std::sqrt(T(1) - x * x);
}
template <class T> T atan_pushforward(T x, tangent_t<T> dx) {
  return dx / (T(1) + x * x);
}
template <class T, class U>
auto atan2_pushforward(T y, U x, tangent_t<T> dy, tangent_t<U> dx) {
  auto r2 = x * x + y * y;
  return (x * dy - y * dx) / r2;
}

// Hyperbolic.
template <class T> T sinh_pushforward(T x, tangent_t<T> dx) {
  return std::cosh(x) * dx;
}
template <class T> T cosh_pushforward(T x, tangent_t<T> dx) {
  return std::sinh(x) * dx;
}
template <class T> T tanh_pushforward(T x, tangent_t<T> dx) {
  T t = std::tanh(x);
  return (T(1) - t * t) * dx;
}
// Records: the value, from which the derivative follows; the reverse sweep
// takes it from the tape instead of calling the function again.
template <class T> auto tanh_forward(T x) {
  return ::ddx::record_value(std::tanh(x));
}
template <class T> void tanh_pullback(const T &t, T, T seed, tangent_t<T> &dx) {
  dx += (T(1) - t * t) * seed;
}
template <class T> T asinh_pushforward(T x, tangent_t<T> dx) {
  return dx / std::sqrt(x * x + T(1));
}
template <class T> T acosh_pushforward(T x, tangent_t<T> dx) {
  return dx / std::sqrt(x * x - T(1));
}
template <class T> T atanh_pushforward(T x, tangent_t<T> dx) {
  return dx / (T(1) - x * x);
}

// Exponential and logarithmic.
template <class T> T exp_pushforward(T x, tangent_t<T> dx) {
  return std::exp(x) * dx;
}
template <class T> auto exp_forward(T x) {
  return ::ddx::record_value(std::exp(x));
}
template <class T> void exp_pullback(const T &e, T, T seed, tangent_t<T> &dx) {
  dx += e * seed;
}
template <class T> T exp2_pushforward(T x, tangent_t<T> dx) {
  return std::exp2(x) * std::log(T(2)) * dx;
}
template <class T> auto exp2_forward(T x) {
  return ::ddx::record_value(std::exp2(x));
}
template <class T> void exp2_pullback(const T &e, T, T seed, tangent_t<T> &dx) {
  dx += e * std::log(T(2)) * seed;
}
template <class T> T expm1_pushforward(T x, tangent_t<T> dx) {
  return std::exp(x) * dx;
}
template <class T> T log_pushforward(T x, tangent_t<T> dx) { return dx / x; }
template <class T> T log10_pushforward(T x, tangent_t<T> dx) {
  return dx / (x * std::log(T(10)));
}
template <class T> T log2_pushforward(T x, tangent_t<T> dx) {
  return dx / (x * std::log(T(2)));
}
template <class T> T log1p_pushforward(T x, tangent_t<T> dx) {
  return dx / (T(1) + x);
}

// Powers.
// (At 0 the slope is infinite; along a direction that does not move x,
// an integrand's tangent at an end point, the tangent is 0, not 0/0.)
template <class T> T sqrt_pushforward(T x, tangent_t<T> dx) {
  return dx == T(0) ? T(0) : dx / (T(2) * std::sqrt(x));
}
template <class T> auto sqrt_forward(T x) {
  return ::ddx::record_value(std::sqrt(x));
}
template <class T> void sqrt_pullback(const T &r, T, T seed, tangent_t<T> &dx) {
  dx += seed == T(0) ? T(0) : seed / (T(2) * r);
}
template <class T> T cbrt_pushforward(T x, tangent_t<T> dx) {
  T c = std::cbrt(x);
  return dx == T(0) ? T(0) : dx / (T(3) * c * c);
}
template <class T> auto cbrt_forward(T x) {
  return ::ddx::record_value(std::cbrt(x));
}
template <class T> void cbrt_pullback(const T &c, T, T seed, tangent_t<T> &dx) {
  dx += seed == T(0) ? T(0) : seed / (T(3) * c * c);
}
template <class T, class U>
auto pow_pushforward(T x, U y, tangent_t<T> dx, tangent_t<U> dy) {
  using R = decltype(std::pow(x, y));
  R result = 0;
  if (dx != 0)
    result += R(y) * std::pow(x, y - U(1)) * dx;
  // The exponent's term is only taken where it is defined (x > 0), so that a
  // constant exponent with x <= 0 does not produce NaN.
  if (dy != 0 && x > 0)
    result += std::pow(x, y) * std::log(x) * dy;
  return result;
}
template <class T, class U>
auto hypot_pushforward(T x, U y, tangent_t<T> dx, tangent_t<U> dy) {
  auto h = std::hypot(x, y);
  return (x * dx + y * dy) / h;
}
#if __cplusplus >= 201703L
template <class T, class U, class V>
auto hypot_pushforward(T x, U y, V z, tangent_t<T> dx, tangent_t<U> dy,
                       tangent_t<V> dz) {
  auto h = std::hypot(x, y, z);
  return (x * dx + y * dy + z * dz) / h;
}
#endif
template <class T, class U, class V>
auto fma_pushforward(T x, U y, V z, tangent_t<T> dx, tangent_t<U> dy,
                     tangent_t<V> dz) {
  using R = decltype(std::fma(x, y, z));
  return R(dx) * R(y) + R(x) * R(dy) + R(dz);
}

// Scaling by a power of two: the exponent is an integer, never
// differentiated; frexp's derivative is that of x / 2^e at the e it gives.
template <class T>
auto ldexp_pushforward(T x, DDX_OPTION int e, tangent_t<T> dx) {
  using R = decltype(std::ldexp(x, e));
  return std::ldexp(R(dx), e);
}
template <class T>
auto scalbn_pushforward(T x, DDX_OPTION int e, tangent_t<T> dx) {
  using R = decltype(std::scalbn(x, e));
  return std::scalbn(R(dx), e);
}
template <class T>
auto scalbln_pushforward(T x, DDX_OPTION long e, tangent_t<T> dx) {
  using R = decltype(std::scalbln(x, e));
  return std::scalbln(R(dx), e);
}
template <class T>
auto frexp_pushforward(T x, DDX_OPTION int *, tangent_t<T> dx) {
  // The rule is also evaluated in the reverse sweep: it must not write
  // through the exponent's pointer.
  int e = 0;
  using R = decltype(std::frexp(x, &e));
  std::frexp(x, &e);
  return std::ldexp(R(dx), -e);
}
// modf writes the integral part, whose derivative is zero, through an
// output; it returns the fractional part, whose derivative is that of x.
template <class T>
::ddx::dual<T> modf_pushforward(T x, T *integral, tangent_t<T> dx,
                                T *d_integral) {
  T fraction = std::modf(x, integral);
  *d_integral = T(0);
  return {fraction, dx};
}
template <class T>
void modf_pullback(T, T *, tangent_t<T> seed, tangent_t<T> &x_adjoint, T *) {
  x_adjoint += seed;
}

// Error and gamma functions.
template <class T> T erf_pushforward(T x, tangent_t<T> dx) {
  return T(2) / std::sqrt(detail::pi<T>) * std::exp(-x * x) * dx;
}
template <class T> T erfc_pushforward(T x, tangent_t<T> dx) {
  return -T(2) / std::sqrt(detail::pi<T>) * std::exp(-x * x) * dx;
}
namespace detail {
// Digamma function psi(x) = d/dx lgamma(x), by recurrence and asymptotic
// series; accurate to about 1e-13 for x > 0 and reflected for x < 0.
template <class T> T digamma(T x) {
  T result = 0;
  if (x <= 0) {
    // Reflection: psi(1 - x) - psi(x) = pi cot(pi x).
    return digamma(T(1) - x) - pi<T> / std::tan(pi<T> * x);
  }
  while (x < 6) {
    result -= T(1) / x;
    x += 1;
  }
  T inv = T(1) / x;
  T inv2 = inv * inv;
  result += std::log(x) - T(0.5) * inv -
            inv2 * (T(1) / 12 -
                    inv2 * (T(1) / 120 -
                            inv2 * (T(1) / 252 -
                                    inv2 * (T(1) / 240 - inv2 * T(1) / 132))));
  return result;
}
} // namespace detail
template <class T> T tgamma_pushforward(T x, tangent_t<T> dx) {
  return std::tgamma(x) * detail::digamma(x) * dx;
}
template <class T> T lgamma_pushforward(T x, tangent_t<T> dx) {
  return detail::digamma(x) * dx;
}

// Piecewise functions: the derivative of the selected piece; at a tie, the
// first argument's.
template <class T> T fabs_pushforward(T x, tangent_t<T> dx) {
  return x < 0 ? -dx : (x > 0 ? dx : T(0));
}
template <class T> T abs_pushforward(T x, tangent_t<T> dx) {
  return fabs_pushforward(x, dx);
}
template <class T, class U>
auto fmin_pushforward(T x, U y, tangent_t<T> dx, tangent_t<U> dy) {
  using R = decltype(std::fmin(x, y));
  return y < x ? R(dy) : R(dx);
}
template <class T, class U>
auto fmax_pushforward(T x, U y, tangent_t<T> dx, tangent_t<U> dy) {
  using R = decltype(std::fmax(x, y));
  return y > x ? R(dy) : R(dx);
}
template <class T, class U>
auto fmod_pushforward(T x, U y, tangent_t<T> dx, tangent_t<U> dy) {
  using R = decltype(std::fmod(x, y));
  return R(dx) - std::trunc(R(x) / R(y)) * R(dy);
}
// x - n y, with n the integer nearest x / y (ties to even).
template <class T, class U>
auto remainder_pushforward(T x, U y, tangent_t<T> dx, tangent_t<U> dy) {
  using R = decltype(std::remainder(x, y));
  R n = std::nearbyint((R(x) - std::remainder(x, y)) / R(y));
  return R(dx) - n * R(dy);
}
template <class T, class U>
auto remquo_pushforward(T x, U y, DDX_OPTION int *, tangent_t<T> dx,
                        tangent_t<U> dy) {
  return remainder_pushforward(x, y, dx, dy);
}
template <class T, class U>
auto fdim_pushforward(T x, U y, tangent_t<T> dx, tangent_t<U> dy) {
  using R = decltype(std::fdim(x, y));
  return x > y ? R(dx) - R(dy) : R(0);
}
template <class T, class U>
auto copysign_pushforward(T x, U y, tangent_t<T> dx, tangent_t<U>) {
  using R = decltype(std::copysign(x, y));
  return (std::signbit(x) == std::signbit(y)) ? R(dx) : R(-dx);
}

// std::max and std::min (<algorithm>): the derivative of the argument they
// return, which is the first one on a tie.
template <class T>
T max_pushforward(T a, T b, tangent_t<T> da, tangent_t<T> db) {
  return a < b ? db : da;
}
template <class T>
T min_pushforward(T a, T b, tangent_t<T> da, tangent_t<T> db) {
  return b < a ? db : da;
}
// With a comparator (never differentiated: it only chooses), as the
// library decides: max returns b when comp(a, b), min when comp(b, a).
template <class T, class Compare>
T max_pushforward(T a, T b, DDX_OPTION Compare comp, tangent_t<T> da,
                  tangent_t<T> db) {
  return comp(a, b) ? db : da;
}
template <class T, class Compare>
T min_pushforward(T a, T b, DDX_OPTION Compare comp, tangent_t<T> da,
                  tangent_t<T> db) {
  return comp(b, a) ? db : da;
}

// std::clamp (<algorithm>), as libstdc++ computes it:
// min(max(v, lo), hi), each choosing as above.
template <class T>
T clamp_pushforward(T v, T lo, T hi, tangent_t<T> dv, tangent_t<T> dlo,
                    tangent_t<T> dhi) {
  T low = v < lo ? lo : v;
  T dlow = v < lo ? dlo : dv;
  return hi < low ? dhi : dlow;
}
template <class T, class Compare>
T clamp_pushforward(T v, T lo, T hi, DDX_OPTION Compare comp, tangent_t<T> dv,
                    tangent_t<T> dlo, tangent_t<T> dhi) {
  T low = comp(v, lo) ? lo : v;
  T dlow = comp(v, lo) ? dlo : dv;
  return comp(hi, low) ? dhi : dlow;
}

// std::lerp (C++20): a + t (b - a).
template <class T, class U, class V>
auto lerp_pushforward(T a, U b, V t, tangent_t<T> da, tangent_t<U> db,
                      tangent_t<V> dt) {
  using R = decltype(std::fma(a, b, t));
  return R(da) * (R(1) - R(t)) + R(db) * R(t) + R(dt) * (R(b) - R(a));
}

// Piecewise constant: zero derivative almost everywhere.
template <class T> T floor_pushforward(T, tangent_t<T>) { return T(0); }
template <class T> T ceil_pushforward(T, tangent_t<T>) { return T(0); }
template <class T> T trunc_pushforward(T, tangent_t<T>) { return T(0); }
template <class T> T round_pushforward(T, tangent_t<T>) { return T(0); }
template <class T> T nearbyint_pushforward(T, tangent_t<T>) { return T(0); }
template <class T> T rint_pushforward(T, tangent_t<T>) { return T(0); }
template <class T> T logb_pushforward(T, tangent_t<T>) { return T(0); }

} // namespace ddx::rules

#endif // DDX_RULES_CMATH_HPP
