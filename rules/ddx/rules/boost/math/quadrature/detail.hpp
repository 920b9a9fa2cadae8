// Shared by the ddx rules for Boost.Math quadrature.
//
// The derivative of an integral with respect to what the integrand captures
// is the integral of the integrand's derivative. The rules compute it on the
// primal's own subdivision: the integrand returns a `riding` value, the
// primal value with a payload (a tangent, or the cotangent of the captures)
// that the integrator sums with the same nodes and weights, while its error
// estimates and refinement decisions read the value alone. So the primal
// value is exactly Boost's, and the derivative is the derivative of the
// quadrature Boost computed, not of a different adaptive run.
#ifndef DDX_RULES_BOOST_MATH_QUADRATURE_DETAIL_HPP
#define DDX_RULES_BOOST_MATH_QUADRATURE_DETAIL_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <cmath>
#include <cstddef>
#include <ddx/rule.hpp>
#include <limits>
#include <ostream>
#include <type_traits>
#include <utility>
#include <vector>

namespace ddx::rules::quadrature_detail {

template <class Real, class Payload> struct riding {
  Real value{};
  Payload payload{};
  riding() = default;
  riding(Real v) : value(v), payload{} {}
  riding(Real v, Payload p) : value(v), payload(p) {}
  riding &operator+=(const riding &o) {
    value += o.value;
    payload += o.payload;
    return *this;
  }
  riding &operator-=(const riding &o) {
    value -= o.value;
    payload -= o.payload;
    return *this;
  }
  riding &operator*=(Real s) {
    value *= s;
    payload = payload * s;
    return *this;
  }
  friend riding operator+(riding a, const riding &b) { return a += b; }
  friend riding operator-(riding a, const riding &b) { return a -= b; }
  friend riding operator-(riding a) { return a *= Real(-1); }
  friend riding operator*(riding a, Real s) { return a *= s; }
  friend riding operator*(Real s, riding a) { return a *= s; }
  friend riding operator/(riding a, Real s) { return a *= Real(1) / s; }
  /// Error control sees the value only.
  friend Real abs(const riding &r) {
    using std::abs;
    return abs(r.value);
  }
  explicit operator Real() const { return value; }
  /// For Boost's error messages, which print the offending value.
  friend std::ostream &operator<<(std::ostream &os, const riding &r) {
    return os << r.value;
  }
};

template <class Real> bool finite(Real x) {
  return x < std::numeric_limits<Real>::max() &&
         x > -std::numeric_limits<Real>::max();
}

/// The bounds' part of the tangent (Leibniz rule): f(b) db - f(a) da. An
/// infinite bound is a constant.
template <class F, class Real>
Real leibniz_tangent(const F &f, Real a, Real b, Real da, Real db) {
  Real t = 0;
  if (db != 0 && finite(b))
    t += f(b) * db;
  if (da != 0 && finite(a))
    t -= f(a) * da;
  return t;
}

/// The bounds' adjoints (Leibniz rule).
template <class F, class Real>
void leibniz_pullback(const F &f, Real a, Real b, Real seed, Real &da,
                      Real &db) {
  if (finite(b))
    db += seed * f(b);
  if (finite(a))
    da -= seed * f(a);
}

/// The integrand for forward mode: value and tangent at x, the tangent
/// coming from what the integrand captures.
template <class Real, class F> auto tangent_integrand(const F &f) {
  return [&f](Real x) {
    ::ddx::dual<Real> d = f.pushforward(x, Real(0));
    return riding<Real, Real>(d.value, d.tangent);
  };
}

/// The integrand for reverse mode: value and the cotangent of what the
/// integrand captures at x, for a seed of one.
template <class Real, class F> auto cotangent_integrand(const F &f) {
  using cotangent = typename F::cotangent_type;
  return [&f](Real x) {
    cotangent c{};
    Real dx = 0;
    Real v = f.pullback_to(c, x, Real(1), dx);
    return riding<Real, cotangent>(v, c);
  };
}

/// A pushforward: the primal integration, run by `integrate` on the given
/// integrand, carries the tangent of what the integrand captures; the
/// bounds add the Leibniz terms.
template <class Real, class F, class Integrate>
::ddx::dual<Real> pushforward(const F &f, Real a, Real b, Real da, Real db,
                              Integrate integrate) {
  auto r = integrate(tangent_integrand<Real>(f));
  return {r.value, r.payload + leibniz_tangent(f, a, b, da, db)};
}
template <class Real, class F, class Integrate>
::ddx::dual<Real> pushforward(const F &f, Integrate integrate) {
  auto r = integrate(tangent_integrand<Real>(f));
  return {r.value, r.payload};
}

/// A payload that records which integrand evaluations the integral is made
/// of and with what weight: (evaluation index, weight) terms, repeated
/// indices summing. The integral is linear in the integrand's values, so
/// its pullback is the sum of the integrand's pullbacks at those points,
/// each seeded with its weight.
template <class Real> struct evaluation_weights {
  std::vector<std::pair<std::size_t, Real>> terms;
  evaluation_weights &operator+=(const evaluation_weights &o) {
    terms.insert(terms.end(), o.terms.begin(), o.terms.end());
    return *this;
  }
  evaluation_weights &operator-=(const evaluation_weights &o) {
    for (const auto &t : o.terms)
      terms.emplace_back(t.first, -t.second);
    return *this;
  }
  friend evaluation_weights operator*(evaluation_weights p, Real s) {
    for (auto &t : p.terms)
      t.second *= s;
    return p;
  }
};

/// A pullback for an integrand whose captures' adjoints are behind pointers
/// (the gsl_function pattern): the primal integration on evaluation
/// weights, then one pullback of the integrand per point used.
template <class Real, class F, class Integrate>
void pointwise_pullback(const F &f, Real seed, Integrate integrate) {
  std::vector<Real> points;
  auto weighted = [&f, &points](Real x) {
    evaluation_weights<Real> w;
    w.terms.emplace_back(points.size(), Real(1));
    points.push_back(x);
    return riding<Real, evaluation_weights<Real>>(f(x), std::move(w));
  };
  auto r = integrate(weighted);
  std::vector<Real> weight(points.size(), Real(0));
  for (const auto &t : r.payload.terms)
    weight[t.first] += t.second;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (weight[i] != 0) {
      Real dx = 0;
      f.pullback(points[i], seed * weight[i], dx);
    }
}

/// A pullback: the integral of the cotangent of what the integrand
/// captures, on the primal's subdivision, scaled by the seed; the bounds'
/// adjoints by the Leibniz rule.
template <class Real, class F, class Integrate>
void pullback(const F &f, Real seed, Integrate integrate) {
  if (seed == 0)
    return;
  if constexpr (::ddx::has_cotangent<F>::value) {
    auto r = integrate(cotangent_integrand<Real>(f));
    f.accumulate(r.payload * seed);
  } else {
    pointwise_pullback(f, seed, integrate);
  }
}
template <class Real, class F, class Integrate>
void pullback(const F &f, Real a, Real b, Real seed, Real &da, Real &db,
              Integrate integrate) {
  if (seed == 0)
    return;
  pullback<Real>(f, seed, integrate);
  leibniz_pullback(f, a, b, seed, da, db);
}

} // namespace ddx::rules::quadrature_detail

#endif // DDX_RULES_BOOST_MATH_QUADRATURE_DETAIL_HPP
