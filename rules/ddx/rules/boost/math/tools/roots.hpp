// ddx rules for Boost.Math's root finders in <boost/math/tools/roots.hpp>:
// the Newton-Raphson, Halley and Schroder iterations and bisection. The
// derivative of the root is that of the root itself, by the implicit
// function theorem at the point the solver returned (detail/implicit.hpp),
// not of the iterations: guesses and brackets have no effect on it, and
// digits, tolerances, iteration limits and policies are options.
#ifndef DDX_RULES_BOOST_MATH_TOOLS_ROOTS_HPP
#define DDX_RULES_BOOST_MATH_TOOLS_ROOTS_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <boost/math/tools/roots.hpp>
#include <cstdint>
#include <ddx/rule.hpp>
#include <ddx/rules/detail/implicit.hpp>
#include <utility>

namespace ddx::rules::boost::math::tools {

// Newton-Raphson, Halley and Schroder: f returns (f, f') or (f, f', f'').
#define DDX_ROOTS_ITERATE_RULES(name)                                          \
  template <class F, class T>                                                  \
  ::ddx::dual<T> name##_pushforward(                                           \
      DDX_CALLABLE F f, T guess, T min, T max, DDX_OPTION int digits,          \
      ::ddx::tangent_t<T>, ::ddx::tangent_t<T>, ::ddx::tangent_t<T>) {         \
    T x = ::boost::math::tools::name(f, guess, min, max, digits);              \
    return {x, implicit::root_tangent(f, x)};                                  \
  }                                                                            \
  template <class F, class T>                                                  \
  ::ddx::dual<T> name##_pushforward(                                           \
      DDX_CALLABLE F f, T guess, T min, T max, DDX_OPTION int digits,          \
      DDX_OPTION std::uintmax_t &max_iter, ::ddx::tangent_t<T>,                \
      ::ddx::tangent_t<T>, ::ddx::tangent_t<T>) {                              \
    T x = ::boost::math::tools::name(f, guess, min, max, digits, max_iter);    \
    return {x, implicit::root_tangent(f, x)};                                  \
  }                                                                            \
  template <class F, class T>                                                  \
  void name##_pullback(DDX_CALLABLE F f, T guess, T min, T max,                \
                       DDX_OPTION int digits, T seed, ::ddx::tangent_t<T> &,   \
                       ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &) {         \
    T x = ::boost::math::tools::name(f, guess, min, max, digits);              \
    implicit::root_pullback(f, x, seed);                                       \
  }                                                                            \
  /* (max_iter holds the count the primal used: the same iterations.) */       \
  template <class F, class T>                                                  \
  void name##_pullback(                                                        \
      DDX_CALLABLE F f, T guess, T min, T max, DDX_OPTION int digits,          \
      DDX_OPTION std::uintmax_t &max_iter, T seed, ::ddx::tangent_t<T> &,      \
      ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &) {                          \
    std::uintmax_t iterations = max_iter;                                      \
    T x = ::boost::math::tools::name(f, guess, min, max, digits, iterations);  \
    implicit::root_pullback(f, x, seed);                                       \
  }

DDX_ROOTS_ITERATE_RULES(newton_raphson_iterate)
DDX_ROOTS_ITERATE_RULES(halley_iterate)
DDX_ROOTS_ITERATE_RULES(schroder_iterate)
DDX_ROOTS_ITERATE_RULES(schroeder_iterate)
#undef DDX_ROOTS_ITERATE_RULES

template <class F, class T, class Tol>
::ddx::dual<std::pair<T, T>>
bisect_pushforward(DDX_CALLABLE F f, T min, T max, DDX_OPTION Tol tol,
                   ::ddx::tangent_t<T>, ::ddx::tangent_t<T>) {
  auto r = ::boost::math::tools::bisect(f, min, max, tol);
  return {r, implicit::bracket_tangent(f, r)};
}
template <class F, class T, class Tol>
::ddx::dual<std::pair<T, T>>
bisect_pushforward(DDX_CALLABLE F f, T min, T max, DDX_OPTION Tol tol,
                   DDX_OPTION std::uintmax_t &max_iter, ::ddx::tangent_t<T>,
                   ::ddx::tangent_t<T>) {
  auto r = ::boost::math::tools::bisect(f, min, max, tol, max_iter);
  return {r, implicit::bracket_tangent(f, r)};
}
template <class F, class T, class Tol, class Policy>
::ddx::dual<std::pair<T, T>>
bisect_pushforward(DDX_CALLABLE F f, T min, T max, DDX_OPTION Tol tol,
                   DDX_OPTION std::uintmax_t &max_iter,
                   DDX_OPTION const Policy &pol, ::ddx::tangent_t<T>,
                   ::ddx::tangent_t<T>) {
  auto r = ::boost::math::tools::bisect(f, min, max, tol, max_iter, pol);
  return {r, implicit::bracket_tangent(f, r)};
}
template <class F, class T, class Tol>
void bisect_pullback(DDX_CALLABLE F f, T min, T max, DDX_OPTION Tol tol,
                     std::pair<T, T> seed, ::ddx::tangent_t<T> &,
                     ::ddx::tangent_t<T> &) {
  auto r = ::boost::math::tools::bisect(f, min, max, tol);
  implicit::bracket_pullback(f, r, seed);
}
template <class F, class T, class Tol>
void bisect_pullback(DDX_CALLABLE F f, T min, T max, DDX_OPTION Tol tol,
                     DDX_OPTION std::uintmax_t &max_iter, std::pair<T, T> seed,
                     ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &) {
  std::uintmax_t iterations = max_iter;
  auto r = ::boost::math::tools::bisect(f, min, max, tol, iterations);
  implicit::bracket_pullback(f, r, seed);
}
template <class F, class T, class Tol, class Policy>
void bisect_pullback(DDX_CALLABLE F f, T min, T max, DDX_OPTION Tol tol,
                     DDX_OPTION std::uintmax_t &max_iter,
                     DDX_OPTION const Policy &pol, std::pair<T, T> seed,
                     ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &) {
  std::uintmax_t iterations = max_iter;
  auto r = ::boost::math::tools::bisect(f, min, max, tol, iterations, pol);
  implicit::bracket_pullback(f, r, seed);
}

} // namespace ddx::rules::boost::math::tools

#endif // DDX_RULES_BOOST_MATH_TOOLS_ROOTS_HPP
