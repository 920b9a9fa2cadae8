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
  /* The forward sweep records the root for the pullback. */                   \
  template <class F, class T>                                                  \
  ::ddx::recorded<T, T> name##_forward(DDX_CALLABLE F f, T guess, T min,       \
                                       T max, DDX_OPTION int digits) {         \
    return ::ddx::record_value(                                                \
        ::boost::math::tools::name(f, guess, min, max, digits));               \
  }                                                                            \
  template <class F, class T>                                                  \
  ::ddx::recorded<T, T> name##_forward(DDX_CALLABLE F f, T guess, T min,       \
                                       T max, DDX_OPTION int digits,           \
                                       DDX_OPTION std::uintmax_t &max_iter) {  \
    return ::ddx::record_value(                                                \
        ::boost::math::tools::name(f, guess, min, max, digits, max_iter));     \
  }                                                                            \
  template <class F, class T>                                                  \
  void name##_pullback(T root, DDX_CALLABLE F f, T, T, T, DDX_OPTION int,      \
                       T seed, ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &,   \
                       ::ddx::tangent_t<T> &) {                                \
    implicit::root_pullback(f, root, seed);                                    \
  }                                                                            \
  template <class F, class T>                                                  \
  void name##_pullback(T root, DDX_CALLABLE F f, T, T, T, DDX_OPTION int,      \
                       DDX_OPTION std::uintmax_t &, T seed,                    \
                       ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &,           \
                       ::ddx::tangent_t<T> &) {                                \
    implicit::root_pullback(f, root, seed);                                    \
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
// The forward sweeps record the bracket for the pullbacks.
template <class F, class T, class Tol>
::ddx::recorded<std::pair<T, T>, std::pair<T, T>>
bisect_forward(DDX_CALLABLE F f, T min, T max, DDX_OPTION Tol tol) {
  return ::ddx::record_value(::boost::math::tools::bisect(f, min, max, tol));
}
template <class F, class T, class Tol>
::ddx::recorded<std::pair<T, T>, std::pair<T, T>>
bisect_forward(DDX_CALLABLE F f, T min, T max, DDX_OPTION Tol tol,
               DDX_OPTION std::uintmax_t &max_iter) {
  return ::ddx::record_value(
      ::boost::math::tools::bisect(f, min, max, tol, max_iter));
}
template <class F, class T, class Tol, class Policy>
::ddx::recorded<std::pair<T, T>, std::pair<T, T>>
bisect_forward(DDX_CALLABLE F f, T min, T max, DDX_OPTION Tol tol,
               DDX_OPTION std::uintmax_t &max_iter,
               DDX_OPTION const Policy &pol) {
  return ::ddx::record_value(
      ::boost::math::tools::bisect(f, min, max, tol, max_iter, pol));
}
template <class F, class T, class Tol>
void bisect_pullback(const std::pair<T, T> &bracket, DDX_CALLABLE F f, T, T,
                     DDX_OPTION Tol, std::pair<T, T> seed,
                     ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &) {
  implicit::bracket_pullback(f, bracket, seed);
}
template <class F, class T, class Tol>
void bisect_pullback(const std::pair<T, T> &bracket, DDX_CALLABLE F f, T, T,
                     DDX_OPTION Tol, DDX_OPTION std::uintmax_t &,
                     std::pair<T, T> seed, ::ddx::tangent_t<T> &,
                     ::ddx::tangent_t<T> &) {
  implicit::bracket_pullback(f, bracket, seed);
}
template <class F, class T, class Tol, class Policy>
void bisect_pullback(const std::pair<T, T> &bracket, DDX_CALLABLE F f, T, T,
                     DDX_OPTION Tol, DDX_OPTION std::uintmax_t &,
                     DDX_OPTION const Policy &, std::pair<T, T> seed,
                     ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &) {
  implicit::bracket_pullback(f, bracket, seed);
}

} // namespace ddx::rules::boost::math::tools

#endif // DDX_RULES_BOOST_MATH_TOOLS_ROOTS_HPP
