// ddx rules for boost::math::quadrature::exp_sinh<Real>::integrate, a
// non-static member (not const in Boost): the rules take the integrator
// object first. On [a, inf) or (-inf, b], and on [0, inf).
// The levels of refinement are the primal's (see detail.hpp); `tol`,
// `error`, `L1` and `levels` are options.
#ifndef DDX_RULES_BOOST_MATH_QUADRATURE_EXP_SINH_HPP
#define DDX_RULES_BOOST_MATH_QUADRATURE_EXP_SINH_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <boost/math/quadrature/exp_sinh.hpp>
#include <cstddef>
#include <ddx/rules/boost/math/quadrature/detail.hpp>

namespace ddx::rules::boost::math::quadrature {

template <class Real, class Policy = ::boost::math::policies::policy<>>
struct exp_sinh {
  using primal = ::boost::math::quadrature::exp_sinh<Real, Policy>;

  template <class F>
  static ::ddx::dual<Real>
  integrate_pushforward(primal &self, DDX_CALLABLE F f, Real a, Real b,
                        DDX_OPTION Real tol, DDX_OPTION Real *error,
                        DDX_OPTION Real *L1, DDX_OPTION std::size_t *levels,
                        ::ddx::tangent_t<Real> da, ::ddx::tangent_t<Real> db) {
    return quadrature_detail::pushforward(f, a, b, da, db, [&](auto g) {
      return self.integrate(g, a, b, tol, error, L1, levels);
    });
  }
  template <class F>
  static void integrate_pullback(primal &self, DDX_CALLABLE F f, Real a, Real b,
                                 DDX_OPTION Real tol, DDX_OPTION Real *error,
                                 DDX_OPTION Real *L1,
                                 DDX_OPTION std::size_t *levels, Real seed,
                                 ::ddx::tangent_t<Real> &da,
                                 ::ddx::tangent_t<Real> &db) {
    (void)error;
    (void)L1;
    (void)levels;
    quadrature_detail::pullback(f, a, b, seed, da, db, [&](auto g) {
      return self.integrate(g, a, b, tol);
    });
  }

  template <class F>
  static ::ddx::dual<Real>
  integrate_pushforward(primal &self, DDX_CALLABLE F f, DDX_OPTION Real tol,
                        DDX_OPTION Real *error, DDX_OPTION Real *L1,
                        DDX_OPTION std::size_t *levels) {
    return quadrature_detail::pushforward<Real>(
        f, [&](auto g) { return self.integrate(g, tol, error, L1, levels); });
  }
  template <class F>
  static void integrate_pullback(primal &self, DDX_CALLABLE F f,
                                 DDX_OPTION Real tol, DDX_OPTION Real *error,
                                 DDX_OPTION Real *L1,
                                 DDX_OPTION std::size_t *levels, Real seed) {
    (void)error;
    (void)L1;
    (void)levels;
    quadrature_detail::pullback<Real>(
        f, seed, [&](auto g) { return self.integrate(g, tol); });
  }
};

} // namespace ddx::rules::boost::math::quadrature

#endif // DDX_RULES_BOOST_MATH_QUADRATURE_EXP_SINH_HPP
