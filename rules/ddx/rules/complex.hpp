// ddx rules for <complex>: the arithmetic operators, the members real()
// and imag(), and abs, arg, norm, real, imag, conj, polar, exp, log, log10,
// sqrt, pow, sin, cos, tan, sinh, cosh, tanh and their inverses.
//
// A std::complex<T> is a value with two real parts, and its tangent is a
// std::complex<T> of their tangents. Its adjoint is also a std::complex<T>,
// holding the adjoints of the real and the imaginary part, so the reverse
// mode of a holomorphic function w = f(z) adds conj(f'(z)) times the
// adjoint of w to the adjoint of z (the transpose of multiplication by
// f'(z), as a map of R^2); an adjoint that reaches a real value is the real
// part of that product. Every rule here has its pullback: ddx cannot
// transpose a complex pushforward by itself (docs/rules.md).
#ifndef DDX_RULES_COMPLEX_HPP
#define DDX_RULES_COMPLEX_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <complex>
#include <ddx/rule.hpp>
#include <type_traits>

namespace ddx::rules {

namespace complex_detail {
template <class T> struct is_complex : std::false_type {};
template <class T> struct is_complex<std::complex<T>> : std::true_type {};

/// What an adjoint of type To receives of the complex contribution c: all
/// of it, or its real part (the real parts' adjoints of a real value).
template <class To, class C> To project(const C &c) {
  if constexpr (is_complex<To>::value)
    return To(c);
  else
    return To(std::real(c));
}

/// w = f(z) holomorphic with derivative g: the tangent and the adjoint.
template <class T>
std::complex<T> holomorphic_tangent(const std::complex<T> &g,
                                    const std::complex<T> &dz) {
  return g * dz;
}
template <class T>
void holomorphic_pullback(const std::complex<T> &g, const std::complex<T> &seed,
                          std::complex<T> &dz) {
  dz += seed * std::conj(g);
}
} // namespace complex_detail

using ::ddx::tangent_t;

// The arithmetic operators, each for complex and complex, complex and
// real, real and complex operands (libstdc++'s three overloads).

#define DDX_COMPLEX_OPERATOR_RULES(NAME, TANGENT, ADJ_A, ADJ_B)                \
  template <class A, class B>                                                  \
  auto NAME##_tangent(const A &a, const B &b, const A &da, const B &db) {      \
    return TANGENT;                                                            \
  }                                                                            \
  template <class T>                                                           \
  std::complex<T> NAME##_pushforward(                                          \
      const std::complex<T> &a, const std::complex<T> &b,                      \
      tangent_t<std::complex<T>> da, tangent_t<std::complex<T>> db) {          \
    return NAME##_tangent(a, b, da, db);                                       \
  }                                                                            \
  template <class T>                                                           \
  std::complex<T> NAME##_pushforward(const std::complex<T> &a, const T &b,     \
                                     tangent_t<std::complex<T>> da,            \
                                     tangent_t<T> db) {                        \
    return NAME##_tangent(a, b, da, db);                                       \
  }                                                                            \
  template <class T>                                                           \
  std::complex<T> NAME##_pushforward(const T &a, const std::complex<T> &b,     \
                                     tangent_t<T> da,                          \
                                     tangent_t<std::complex<T>> db) {          \
    return NAME##_tangent(a, b, da, db);                                       \
  }                                                                            \
  template <class A, class B, class T>                                         \
  void NAME##_adjoint(const A &a, const B &b, const std::complex<T> &seed,     \
                      A &da, B &db) {                                          \
    (void)a;                                                                   \
    (void)b;                                                                   \
    da += complex_detail::project<A>(ADJ_A);                                   \
    db += complex_detail::project<B>(ADJ_B);                                   \
  }                                                                            \
  template <class T>                                                           \
  void NAME##_pullback(const std::complex<T> &a, const std::complex<T> &b,     \
                       std::complex<T> seed, tangent_t<std::complex<T>> &da,   \
                       tangent_t<std::complex<T>> &db) {                       \
    NAME##_adjoint(a, b, seed, da, db);                                        \
  }                                                                            \
  template <class T>                                                           \
  void NAME##_pullback(const std::complex<T> &a, const T &b,                   \
                       std::complex<T> seed, tangent_t<std::complex<T>> &da,   \
                       tangent_t<T> &db) {                                     \
    NAME##_adjoint(a, b, seed, da, db);                                        \
  }                                                                            \
  template <class T>                                                           \
  void NAME##_pullback(const T &a, const std::complex<T> &b,                   \
                       std::complex<T> seed, tangent_t<T> &da,                 \
                       tangent_t<std::complex<T>> &db) {                       \
    NAME##_adjoint(a, b, seed, da, db);                                        \
  }

DDX_COMPLEX_OPERATOR_RULES(operator_plus, da + db, seed, seed)
DDX_COMPLEX_OPERATOR_RULES(operator_minus, da - db, seed, -seed)
DDX_COMPLEX_OPERATOR_RULES(operator_times, da *b + a * db, seed *std::conj(b),
                           seed *std::conj(a))
DDX_COMPLEX_OPERATOR_RULES(operator_divide, (da - a / b * db) / b,
                           seed / std::conj(b), -seed *std::conj(a / (b * b)))
#undef DDX_COMPLEX_OPERATOR_RULES

// Unary minus and plus.
template <class T>
std::complex<T> operator_minus_pushforward(const std::complex<T> &,
                                           tangent_t<std::complex<T>> dz) {
  return -dz;
}
template <class T>
void operator_minus_pullback(const std::complex<T> &, std::complex<T> seed,
                             tangent_t<std::complex<T>> &dz) {
  dz -= seed;
}
template <class T>
std::complex<T> operator_plus_pushforward(const std::complex<T> &,
                                          tangent_t<std::complex<T>> dz) {
  return dz;
}
template <class T>
void operator_plus_pullback(const std::complex<T> &, std::complex<T> seed,
                            tangent_t<std::complex<T>> &dz) {
  dz += seed;
}

// The parts, the modulus and the argument: real values of a complex one.

template <class T>
T real_pushforward(const std::complex<T> &, tangent_t<std::complex<T>> dz) {
  return std::real(dz);
}
template <class T>
void real_pullback(const std::complex<T> &, T seed,
                   tangent_t<std::complex<T>> &dz) {
  dz += std::complex<T>(seed, 0);
}
template <class T>
T imag_pushforward(const std::complex<T> &, tangent_t<std::complex<T>> dz) {
  return std::imag(dz);
}
template <class T>
void imag_pullback(const std::complex<T> &, T seed,
                   tangent_t<std::complex<T>> &dz) {
  dz += std::complex<T>(0, seed);
}
/// |z|: d|z| = Re(conj(z) dz) / |z| (0 at z = 0, as fabs at 0).
template <class T>
T abs_pushforward(const std::complex<T> &z, tangent_t<std::complex<T>> dz) {
  T r = std::abs(z);
  return r == 0 ? T(0) : std::real(std::conj(z) * dz) / r;
}
template <class T>
void abs_pullback(const std::complex<T> &z, T seed,
                  tangent_t<std::complex<T>> &dz) {
  T r = std::abs(z);
  if (r != 0)
    dz += seed * z / r;
}
/// arg z: d arg = Im(conj(z) dz) / |z|^2.
template <class T>
T arg_pushforward(const std::complex<T> &z, tangent_t<std::complex<T>> dz) {
  T n = std::norm(z);
  return n == 0 ? T(0) : std::imag(std::conj(z) * dz) / n;
}
template <class T>
void arg_pullback(const std::complex<T> &z, T seed,
                  tangent_t<std::complex<T>> &dz) {
  T n = std::norm(z);
  if (n != 0)
    dz += seed * std::complex<T>(0, 1) * z / n;
}
/// |z|^2: 2 Re(conj(z) dz).
template <class T>
T norm_pushforward(const std::complex<T> &z, tangent_t<std::complex<T>> dz) {
  return 2 * std::real(std::conj(z) * dz);
}
template <class T>
void norm_pullback(const std::complex<T> &z, T seed,
                   tangent_t<std::complex<T>> &dz) {
  dz += 2 * seed * z;
}
template <class T>
std::complex<T> conj_pushforward(const std::complex<T> &,
                                 tangent_t<std::complex<T>> dz) {
  return std::conj(dz);
}
template <class T>
void conj_pullback(const std::complex<T> &, std::complex<T> seed,
                   tangent_t<std::complex<T>> &dz) {
  dz += std::conj(seed);
}
/// polar(r, t) = r e^{it}.
template <class T>
std::complex<T> polar_pushforward(const T &r, const T &t, tangent_t<T> dr,
                                  tangent_t<T> dt) {
  std::complex<T> e = std::polar(T(1), t);
  return e * dr + std::complex<T>(0, r) * e * dt;
}
template <class T>
void polar_pullback(const T &r, const T &t, std::complex<T> seed,
                    tangent_t<T> &dr, tangent_t<T> &dt) {
  std::complex<T> e = std::polar(T(1), t);
  dr += std::real(seed * std::conj(e));
  dt += std::real(seed * std::conj(std::complex<T>(0, r) * e));
}

// Holomorphic functions of one complex value: w = f(z), dw = f'(z) dz.

#define DDX_COMPLEX_HOLOMORPHIC_RULES(NAME, DERIVATIVE)                        \
  template <class T>                                                           \
  std::complex<T> NAME##_pushforward(const std::complex<T> &z,                 \
                                     tangent_t<std::complex<T>> dz) {          \
    return complex_detail::holomorphic_tangent<T>(DERIVATIVE, dz);             \
  }                                                                            \
  template <class T>                                                           \
  void NAME##_pullback(const std::complex<T> &z, std::complex<T> seed,         \
                       tangent_t<std::complex<T>> &dz) {                       \
    complex_detail::holomorphic_pullback<T>(DERIVATIVE, seed, dz);             \
  }

DDX_COMPLEX_HOLOMORPHIC_RULES(exp, std::exp(z))
DDX_COMPLEX_HOLOMORPHIC_RULES(log, T(1) / z)
DDX_COMPLEX_HOLOMORPHIC_RULES(log10, T(1) / (z * std::log(T(10))))
DDX_COMPLEX_HOLOMORPHIC_RULES(sqrt, T(1) / (T(2) * std::sqrt(z)))
DDX_COMPLEX_HOLOMORPHIC_RULES(sin, std::cos(z))
DDX_COMPLEX_HOLOMORPHIC_RULES(cos, -std::sin(z))
DDX_COMPLEX_HOLOMORPHIC_RULES(tan, T(1) / (std::cos(z) * std::cos(z)))
DDX_COMPLEX_HOLOMORPHIC_RULES(sinh, std::cosh(z))
DDX_COMPLEX_HOLOMORPHIC_RULES(cosh, std::sinh(z))
DDX_COMPLEX_HOLOMORPHIC_RULES(tanh, T(1) / (std::cosh(z) * std::cosh(z)))
DDX_COMPLEX_HOLOMORPHIC_RULES(asin, T(1) / std::sqrt(T(1) - z * z))
DDX_COMPLEX_HOLOMORPHIC_RULES(acos, -T(1) / std::sqrt(T(1) - z * z))
DDX_COMPLEX_HOLOMORPHIC_RULES(atan, T(1) / (T(1) + z * z))
DDX_COMPLEX_HOLOMORPHIC_RULES(asinh, T(1) / std::sqrt(z * z + T(1)))
DDX_COMPLEX_HOLOMORPHIC_RULES(acosh, T(1) / (std::sqrt(z - T(1)) *
                                             std::sqrt(z + T(1))))
DDX_COMPLEX_HOLOMORPHIC_RULES(atanh, T(1) / (T(1) - z * z))
#undef DDX_COMPLEX_HOLOMORPHIC_RULES

// pow(z, w) = exp(w log z), for complex and complex, complex and real, real
// and complex: dw/dz = w z^(w-1), dw/dw = log(z) z^w.

namespace complex_detail {
/// (At z = 0 the exponent's partial, log(z) z^w, is 0, its limit where
/// Re w > 0, not the NaN of -inf * 0; as the real pow rule does.)
template <class Z, class W> auto pow_partials(const Z &z, const W &w) {
  auto p = std::pow(z, w);
  using C = decltype(p);
  struct partials {
    C base, exponent;
  };
  C exponent = C(z) == C(0) ? C(0) : std::log(C(z)) * p;
  return partials{C(w) * std::pow(z, w - W(1)), exponent};
}
template <class Z, class W, class DZ, class DW>
auto pow_tangent(const Z &z, const W &w, const DZ &dz, const DW &dw) {
  auto d = pow_partials(z, w);
  return d.base * dz + d.exponent * dw;
}
template <class Z, class W, class C, class AZ, class AW>
void pow_adjoint(const Z &z, const W &w, const C &seed, AZ &dz, AW &dw) {
  auto d = pow_partials(z, w);
  dz += project<AZ>(seed * std::conj(d.base));
  dw += project<AW>(seed * std::conj(d.exponent));
}
} // namespace complex_detail

template <class T>
std::complex<T>
pow_pushforward(const std::complex<T> &z, const std::complex<T> &w,
                tangent_t<std::complex<T>> dz, tangent_t<std::complex<T>> dw) {
  return complex_detail::pow_tangent(z, w, dz, dw);
}
template <class T>
void pow_pullback(const std::complex<T> &z, const std::complex<T> &w,
                  std::complex<T> seed, tangent_t<std::complex<T>> &dz,
                  tangent_t<std::complex<T>> &dw) {
  complex_detail::pow_adjoint(z, w, seed, dz, dw);
}
template <class T, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>
std::complex<T> pow_pushforward(const std::complex<T> &z, const U &w,
                                tangent_t<std::complex<T>> dz,
                                tangent_t<U> dw) {
  return complex_detail::pow_tangent(z, T(w), dz, T(dw));
}
template <class T, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>
void pow_pullback(const std::complex<T> &z, const U &w, std::complex<T> seed,
                  tangent_t<std::complex<T>> &dz, tangent_t<U> &dw) {
  T dwt = 0;
  complex_detail::pow_adjoint(z, T(w), seed, dz, dwt);
  dw += U(dwt);
}
template <class T, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>
std::complex<T> pow_pushforward(const U &x, const std::complex<T> &w,
                                tangent_t<U> dx,
                                tangent_t<std::complex<T>> dw) {
  return complex_detail::pow_tangent(std::complex<T>(T(x)), w, T(dx), dw);
}
template <class T, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>
void pow_pullback(const U &x, const std::complex<T> &w, std::complex<T> seed,
                  tangent_t<U> &dx, tangent_t<std::complex<T>> &dw) {
  T dxt = 0;
  complex_detail::pow_adjoint(std::complex<T>(T(x)), w, seed, dxt, dw);
  dx += U(dxt);
}

// The members z.real() and z.imag(), taking the object first.
template <class T> struct complex {
  static T real_pushforward(const std::complex<T> &,
                            tangent_t<std::complex<T>> dz) {
    return std::real(dz);
  }
  static void real_pullback(const std::complex<T> &, T seed,
                            tangent_t<std::complex<T>> &dz) {
    dz += std::complex<T>(seed, 0);
  }
  static T imag_pushforward(const std::complex<T> &,
                            tangent_t<std::complex<T>> dz) {
    return std::imag(dz);
  }
  static void imag_pullback(const std::complex<T> &, T seed,
                            tangent_t<std::complex<T>> &dz) {
    dz += std::complex<T>(0, seed);
  }
};

} // namespace ddx::rules

#endif // DDX_RULES_COMPLEX_HPP
