// ddx rules for Boost.Math's brent_find_minima (<boost/math/tools/
// minima.hpp>): the minimum x* and the value there, f(x*), as the pair the
// library returns. x* moves with what the callable captures by the
// implicit function theorem on df/dx = 0; the value has the tangent of f
// at x* along that move (detail/implicit.hpp). The search interval has no
// effect on them; bits and max_iter are options.
#ifndef DDX_RULES_BOOST_MATH_TOOLS_MINIMA_HPP
#define DDX_RULES_BOOST_MATH_TOOLS_MINIMA_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <boost/math/tools/minima.hpp>
#include <cstdint>
#include <ddx/rule.hpp>
#include <ddx/rules/detail/implicit.hpp>
#include <utility>

namespace ddx::rules::boost::math::tools {

template <class F, class T>
::ddx::dual<std::pair<T, T>>
brent_find_minima_pushforward(DDX_CALLABLE F f, T min, T max,
                              DDX_OPTION int bits, ::ddx::tangent_t<T>,
                              ::ddx::tangent_t<T>) {
  auto r = ::boost::math::tools::brent_find_minima(f, min, max, bits);
  return {r, implicit::minimum_tangent(f, r.first, max - min)};
}
template <class F, class T>
::ddx::dual<std::pair<T, T>>
brent_find_minima_pushforward(DDX_CALLABLE F f, T min, T max,
                              DDX_OPTION int bits,
                              DDX_OPTION std::uintmax_t &max_iter,
                              ::ddx::tangent_t<T>, ::ddx::tangent_t<T>) {
  auto r = ::boost::math::tools::brent_find_minima(f, min, max, bits, max_iter);
  return {r, implicit::minimum_tangent(f, r.first, max - min)};
}
// The forward sweeps record the minimum for the pullbacks.
template <class F, class T>
::ddx::recorded<std::pair<T, T>, std::pair<T, T>>
brent_find_minima_forward(DDX_CALLABLE F f, T min, T max, DDX_OPTION int bits) {
  return ::ddx::record_value(
      ::boost::math::tools::brent_find_minima(f, min, max, bits));
}
template <class F, class T>
::ddx::recorded<std::pair<T, T>, std::pair<T, T>>
brent_find_minima_forward(DDX_CALLABLE F f, T min, T max, DDX_OPTION int bits,
                          DDX_OPTION std::uintmax_t &max_iter) {
  return ::ddx::record_value(
      ::boost::math::tools::brent_find_minima(f, min, max, bits, max_iter));
}
template <class F, class T>
void brent_find_minima_pullback(const std::pair<T, T> &minimum,
                                DDX_CALLABLE F f, T min, T max, DDX_OPTION int,
                                std::pair<T, T> seed, ::ddx::tangent_t<T> &,
                                ::ddx::tangent_t<T> &) {
  implicit::minimum_pullback(f, minimum.first, max - min, seed.first,
                             seed.second);
}
template <class F, class T>
void brent_find_minima_pullback(const std::pair<T, T> &minimum,
                                DDX_CALLABLE F f, T min, T max, DDX_OPTION int,
                                DDX_OPTION std::uintmax_t &,
                                std::pair<T, T> seed, ::ddx::tangent_t<T> &,
                                ::ddx::tangent_t<T> &) {
  implicit::minimum_pullback(f, minimum.first, max - min, seed.first,
                             seed.second);
}

} // namespace ddx::rules::boost::math::tools

#endif // DDX_RULES_BOOST_MATH_TOOLS_MINIMA_HPP
