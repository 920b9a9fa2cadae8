// ddx rules for boost::math::quadrature::gauss_kronrod<Real, N>::integrate.
//
// The worked example of docs/rules.md. The rule class mirrors Boost's class
// template (same template parameters), and its static members are the rules
// of the static member `integrate`: the integrand is DDX_CALLABLE, the
// controls of the adaptive algorithm are DDX_OPTION, and the bounds are
// differentiated (Leibniz rule). The integrand's derivative is integrated on
// the subdivision of the primal integration (see detail.hpp).
#ifndef DDX_RULES_BOOST_MATH_QUADRATURE_GAUSS_KRONROD_HPP
#define DDX_RULES_BOOST_MATH_QUADRATURE_GAUSS_KRONROD_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <ddx/rules/boost/math/quadrature/detail.hpp>

namespace ddx::rules::boost::math::quadrature {

template <class Real, unsigned N,
          class Policy = ::boost::math::policies::policy<>>
struct gauss_kronrod {
  using primal = ::boost::math::quadrature::gauss_kronrod<Real, N, Policy>;

  template <class F>
  static ::ddx::dual<Real>
  integrate_pushforward(DDX_CALLABLE F f, Real a, Real b,
                        DDX_OPTION unsigned max_depth, DDX_OPTION Real tol,
                        DDX_OPTION Real *error, DDX_OPTION Real *pL1,
                        ::ddx::tangent_t<Real> da, ::ddx::tangent_t<Real> db) {
    return quadrature_detail::pushforward(f, a, b, da, db, [&](auto g) {
      return primal::integrate(g, a, b, max_depth, tol, error, pL1);
    });
  }

  template <class F>
  static void
  integrate_pullback(DDX_CALLABLE F f, Real a, Real b,
                     DDX_OPTION unsigned max_depth, DDX_OPTION Real tol,
                     DDX_OPTION Real *error, DDX_OPTION Real *pL1, Real seed,
                     ::ddx::tangent_t<Real> &da, ::ddx::tangent_t<Real> &db) {
    // The forward sweep already wrote *error and *pL1.
    (void)error;
    (void)pL1;
    quadrature_detail::pullback(f, a, b, seed, da, db, [&](auto g) {
      return primal::integrate(g, a, b, max_depth, tol);
    });
  }
};

} // namespace ddx::rules::boost::math::quadrature

#endif // DDX_RULES_BOOST_MATH_QUADRATURE_GAUSS_KRONROD_HPP
