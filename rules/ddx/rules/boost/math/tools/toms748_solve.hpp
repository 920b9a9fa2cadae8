// ddx rules for Boost.Math's bracketing root finders in
// <boost/math/tools/toms748_solve.hpp>: toms748_solve and
// bracket_and_solve_root. Each end of the bracket they return moves as the
// root does, by the implicit function theorem at that end
// (detail/implicit.hpp); the starting bracket, the guess and the factor have
// no effect on it, and tolerances, iteration limits and policies are
// options.
#ifndef DDX_RULES_BOOST_MATH_TOOLS_TOMS748_SOLVE_HPP
#define DDX_RULES_BOOST_MATH_TOOLS_TOMS748_SOLVE_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <boost/math/tools/toms748_solve.hpp>
#include <cstdint>
#include <ddx/rule.hpp>
#include <ddx/rules/detail/implicit.hpp>
#include <utility>

namespace ddx::rules::boost::math::tools {

template <class F, class T, class Tol>
::ddx::dual<std::pair<T, T>>
toms748_solve_pushforward(DDX_CALLABLE F f, const T &ax, const T &bx,
                          DDX_OPTION Tol tol,
                          DDX_OPTION std::uintmax_t &max_iter,
                          ::ddx::tangent_t<T>, ::ddx::tangent_t<T>) {
  auto r = ::boost::math::tools::toms748_solve(f, ax, bx, tol, max_iter);
  return {r, implicit::bracket_tangent(f, r)};
}
template <class F, class T, class Tol, class Policy>
::ddx::dual<std::pair<T, T>> toms748_solve_pushforward(
    DDX_CALLABLE F f, const T &ax, const T &bx, DDX_OPTION Tol tol,
    DDX_OPTION std::uintmax_t &max_iter, DDX_OPTION const Policy &pol,
    ::ddx::tangent_t<T>, ::ddx::tangent_t<T>) {
  auto r = ::boost::math::tools::toms748_solve(f, ax, bx, tol, max_iter, pol);
  return {r, implicit::bracket_tangent(f, r)};
}
template <class F, class T, class Tol>
::ddx::dual<std::pair<T, T>>
toms748_solve_pushforward(DDX_CALLABLE F f, const T &ax, const T &bx,
                          const T &fax, const T &fbx, DDX_OPTION Tol tol,
                          DDX_OPTION std::uintmax_t &max_iter,
                          ::ddx::tangent_t<T>, ::ddx::tangent_t<T>,
                          ::ddx::tangent_t<T>, ::ddx::tangent_t<T>) {
  auto r =
      ::boost::math::tools::toms748_solve(f, ax, bx, fax, fbx, tol, max_iter);
  return {r, implicit::bracket_tangent(f, r)};
}

template <class F, class T, class Tol>
::ddx::dual<std::pair<T, T>> bracket_and_solve_root_pushforward(
    DDX_CALLABLE F f, const T &guess, const T &factor, DDX_OPTION bool rising,
    DDX_OPTION Tol tol, DDX_OPTION std::uintmax_t &max_iter,
    ::ddx::tangent_t<T>, ::ddx::tangent_t<T>) {
  auto r = ::boost::math::tools::bracket_and_solve_root(f, guess, factor,
                                                        rising, tol, max_iter);
  return {r, implicit::bracket_tangent(f, r)};
}
template <class F, class T, class Tol, class Policy>
::ddx::dual<std::pair<T, T>> bracket_and_solve_root_pushforward(
    DDX_CALLABLE F f, const T &guess, T factor, DDX_OPTION bool rising,
    DDX_OPTION Tol tol, DDX_OPTION std::uintmax_t &max_iter,
    DDX_OPTION const Policy &pol, ::ddx::tangent_t<T>, ::ddx::tangent_t<T>) {
  auto r = ::boost::math::tools::bracket_and_solve_root(
      f, guess, factor, rising, tol, max_iter, pol);
  return {r, implicit::bracket_tangent(f, r)};
}

// The forward sweeps record the bracket for the pullbacks, which move each
// of its ends as the root does.
template <class F, class T, class Tol>
::ddx::recorded<std::pair<T, T>, std::pair<T, T>>
toms748_solve_forward(DDX_CALLABLE F f, const T &ax, const T &bx,
                      DDX_OPTION Tol tol, DDX_OPTION std::uintmax_t &max_iter) {
  return ::ddx::record_value(
      ::boost::math::tools::toms748_solve(f, ax, bx, tol, max_iter));
}
template <class F, class T, class Tol, class Policy>
::ddx::recorded<std::pair<T, T>, std::pair<T, T>>
toms748_solve_forward(DDX_CALLABLE F f, const T &ax, const T &bx,
                      DDX_OPTION Tol tol, DDX_OPTION std::uintmax_t &max_iter,
                      DDX_OPTION const Policy &pol) {
  return ::ddx::record_value(
      ::boost::math::tools::toms748_solve(f, ax, bx, tol, max_iter, pol));
}
template <class F, class T, class Tol>
::ddx::recorded<std::pair<T, T>, std::pair<T, T>>
toms748_solve_forward(DDX_CALLABLE F f, const T &ax, const T &bx, const T &fax,
                      const T &fbx, DDX_OPTION Tol tol,
                      DDX_OPTION std::uintmax_t &max_iter) {
  return ::ddx::record_value(
      ::boost::math::tools::toms748_solve(f, ax, bx, fax, fbx, tol, max_iter));
}
template <class F, class T, class Tol>
void toms748_solve_pullback(const std::pair<T, T> &bracket, DDX_CALLABLE F f,
                            const T &, const T &, DDX_OPTION Tol,
                            DDX_OPTION std::uintmax_t &, std::pair<T, T> seed,
                            ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &) {
  implicit::bracket_pullback(f, bracket, seed);
}
template <class F, class T, class Tol, class Policy>
void toms748_solve_pullback(const std::pair<T, T> &bracket, DDX_CALLABLE F f,
                            const T &, const T &, DDX_OPTION Tol,
                            DDX_OPTION std::uintmax_t &,
                            DDX_OPTION const Policy &, std::pair<T, T> seed,
                            ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &) {
  implicit::bracket_pullback(f, bracket, seed);
}
template <class F, class T, class Tol>
void toms748_solve_pullback(const std::pair<T, T> &bracket, DDX_CALLABLE F f,
                            const T &, const T &, const T &, const T &,
                            DDX_OPTION Tol, DDX_OPTION std::uintmax_t &,
                            std::pair<T, T> seed, ::ddx::tangent_t<T> &,
                            ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &,
                            ::ddx::tangent_t<T> &) {
  implicit::bracket_pullback(f, bracket, seed);
}

template <class F, class T, class Tol>
::ddx::recorded<std::pair<T, T>, std::pair<T, T>>
bracket_and_solve_root_forward(DDX_CALLABLE F f, const T &guess,
                               const T &factor, DDX_OPTION bool rising,
                               DDX_OPTION Tol tol,
                               DDX_OPTION std::uintmax_t &max_iter) {
  return ::ddx::record_value(::boost::math::tools::bracket_and_solve_root(
      f, guess, factor, rising, tol, max_iter));
}
template <class F, class T, class Tol, class Policy>
::ddx::recorded<std::pair<T, T>, std::pair<T, T>>
bracket_and_solve_root_forward(DDX_CALLABLE F f, const T &guess, T factor,
                               DDX_OPTION bool rising, DDX_OPTION Tol tol,
                               DDX_OPTION std::uintmax_t &max_iter,
                               DDX_OPTION const Policy &pol) {
  return ::ddx::record_value(::boost::math::tools::bracket_and_solve_root(
      f, guess, factor, rising, tol, max_iter, pol));
}
template <class F, class T, class Tol>
void bracket_and_solve_root_pullback(
    const std::pair<T, T> &bracket, DDX_CALLABLE F f, const T &, const T &,
    DDX_OPTION bool, DDX_OPTION Tol, DDX_OPTION std::uintmax_t &,
    std::pair<T, T> seed, ::ddx::tangent_t<T> &, ::ddx::tangent_t<T> &) {
  implicit::bracket_pullback(f, bracket, seed);
}
template <class F, class T, class Tol, class Policy>
void bracket_and_solve_root_pullback(
    const std::pair<T, T> &bracket, DDX_CALLABLE F f, const T &, T,
    DDX_OPTION bool, DDX_OPTION Tol, DDX_OPTION std::uintmax_t &,
    DDX_OPTION const Policy &, std::pair<T, T> seed, ::ddx::tangent_t<T> &,
    ::ddx::tangent_t<T> &) {
  implicit::bracket_pullback(f, bracket, seed);
}

} // namespace ddx::rules::boost::math::tools

#endif // DDX_RULES_BOOST_MATH_TOOLS_TOMS748_SOLVE_HPP
