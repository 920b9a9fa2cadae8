// ddx rules for boost::math::quadrature::gauss<Real, N>::integrate, on
// [a, b] and on [-1, 1]. The rule is the same as Gauss–Kronrod's (see
// gauss_kronrod.hpp) without adaptivity: the nodes are fixed.
#ifndef DDX_RULES_BOOST_MATH_QUADRATURE_GAUSS_HPP
#define DDX_RULES_BOOST_MATH_QUADRATURE_GAUSS_HPP

#include <boost/math/quadrature/gauss.hpp>
#include <ddx/rules/boost/math/quadrature/detail.hpp>

namespace ddx::rules::boost::math::quadrature {

template <class Real, unsigned N,
          class Policy = ::boost::math::policies::policy<>>
struct gauss {
  using primal = ::boost::math::quadrature::gauss<Real, N, Policy>;

  template <class F>
  static ::ddx::dual<Real>
  integrate_pushforward(DDX_CALLABLE F f, Real a, Real b,
                        DDX_OPTION Real *pL1, ::ddx::tangent_t<Real> da,
                        ::ddx::tangent_t<Real> db) {
    namespace q = ::ddx::rules::quadrature_detail;
    auto r = primal::integrate(q::tangent_integrand<Real>(f), a, b, pL1);
    return {r.value, r.payload + q::leibniz_tangent(f, a, b, da, db)};
  }
  template <class F>
  static void integrate_pullback(DDX_CALLABLE F f, Real a, Real b,
                                 DDX_OPTION Real *pL1, Real seed,
                                 ::ddx::tangent_t<Real> &da,
                                 ::ddx::tangent_t<Real> &db) {
    namespace q = ::ddx::rules::quadrature_detail;
    (void)pL1;
    if (seed == 0)
      return;
    auto r = primal::integrate(q::cotangent_integrand<Real>(f), a, b);
    f.accumulate(r.payload * seed);
    q::leibniz_pullback(f, a, b, seed, da, db);
  }

  // On [-1, 1]: nothing but the integrand to differentiate.
  template <class F>
  static ::ddx::dual<Real> integrate_pushforward(DDX_CALLABLE F f,
                                                 DDX_OPTION Real *pL1) {
    namespace q = ::ddx::rules::quadrature_detail;
    auto r = primal::integrate(q::tangent_integrand<Real>(f), pL1);
    return {r.value, r.payload};
  }
  template <class F>
  static void integrate_pullback(DDX_CALLABLE F f, DDX_OPTION Real *pL1,
                                 Real seed) {
    namespace q = ::ddx::rules::quadrature_detail;
    (void)pL1;
    if (seed == 0)
      return;
    auto r = primal::integrate(q::cotangent_integrand<Real>(f));
    f.accumulate(r.payload * seed);
  }
};

} // namespace ddx::rules::boost::math::quadrature

#endif // DDX_RULES_BOOST_MATH_QUADRATURE_GAUSS_HPP
