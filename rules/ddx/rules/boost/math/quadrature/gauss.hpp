// ddx rules for boost::math::quadrature::gauss<Real, N>::integrate, on
// [a, b] and on [-1, 1]: Gauss–Kronrod's rules (gauss_kronrod.hpp) without
// adaptivity, since the nodes are fixed.
#ifndef DDX_RULES_BOOST_MATH_QUADRATURE_GAUSS_HPP
#define DDX_RULES_BOOST_MATH_QUADRATURE_GAUSS_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <boost/math/quadrature/gauss.hpp>
#include <ddx/rules/boost/math/quadrature/detail.hpp>

namespace ddx::rules::boost::math::quadrature {

template <class Real, unsigned N,
          class Policy = ::boost::math::policies::policy<>>
struct gauss {
  using primal = ::boost::math::quadrature::gauss<Real, N, Policy>;

  template <class F>
  static ::ddx::dual<Real>
  integrate_pushforward(DDX_CALLABLE F f, Real a, Real b, DDX_OPTION Real *pL1,
                        ::ddx::tangent_t<Real> da, ::ddx::tangent_t<Real> db) {
    return quadrature_detail::pushforward(f, a, b, da, db, [&](auto g) {
      return primal::integrate(g, a, b, pL1);
    });
  }
  template <class F>
  static void integrate_pullback(DDX_CALLABLE F f, Real a, Real b,
                                 DDX_OPTION Real *pL1, Real seed,
                                 ::ddx::tangent_t<Real> &da,
                                 ::ddx::tangent_t<Real> &db) {
    (void)pL1;
    quadrature_detail::pullback(f, a, b, seed, da, db, [&](auto g) {
      return primal::integrate(g, a, b);
    });
  }

  // On [-1, 1]: nothing but the integrand to differentiate.
  template <class F>
  static ::ddx::dual<Real> integrate_pushforward(DDX_CALLABLE F f,
                                                 DDX_OPTION Real *pL1) {
    return quadrature_detail::pushforward<Real>(
        f, [&](auto g) { return primal::integrate(g, pL1); });
  }
  template <class F>
  static void integrate_pullback(DDX_CALLABLE F f, DDX_OPTION Real *pL1,
                                 Real seed) {
    (void)pL1;
    quadrature_detail::pullback<Real>(
        f, seed, [&](auto g) { return primal::integrate(g); });
  }
};

} // namespace ddx::rules::boost::math::quadrature

#endif // DDX_RULES_BOOST_MATH_QUADRATURE_GAUSS_HPP
