// The implicit function theorem, for rules of solvers: the derivative of a
// root or a minimum a library found, from the callable's derivatives at the
// point it returned, never from the iterations that found it.
//
// - A root x* of g(x; p) = 0 (g the callable, or the first result of a
//   callable returning (g, g', ...) as Boost's Newton solvers take) moves
//   with p as dx* = -(dg/dp dp) / (dg/dx).
// - A minimum x* of f(x; p), where df/dx = 0, moves as dx* = -(d2f/dxdp dp)
//   / (d2f/dx2); the minimum's value f(x*; p) has the tangent of f at x*
//   along (dx*, dp). The second derivatives are differences of the
//   callable's exact first derivatives on a five-point stencil (ddx does not
//   differentiate a callable twice): relative error about 1e-11.
//
// Users can build rules for their own solvers from these functions (see
// docs/rules.md, "Roots and minima").
#ifndef DDX_RULES_DETAIL_IMPLICIT_HPP
#define DDX_RULES_DETAIL_IMPLICIT_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <cmath>
#include <cstddef>
#include <ddx/rule.hpp>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace ddx::rules::implicit {

namespace detail {
template <class R, class = void> struct is_tuple_like : std::false_type {};
template <class R>
struct is_tuple_like<R, std::void_t<decltype(std::tuple_size<R>::value)>>
    : std::true_type {};
template <class F, bool> struct cotangent_of { using type = std::nullptr_t; };
template <class F> struct cotangent_of<F, true> {
  using type = typename F::cotangent_type;
};
} // namespace detail

/// The function a solver works on: a callable's result, or the first of
/// the results (value, derivative, ...) it returns.
template <class R> auto first(const R &r) {
  if constexpr (detail::is_tuple_like<R>::value)
    return std::get<0>(r);
  else
    return r;
}

/// A seed (or tangent) of s on that function, zero on the other results.
template <class R, class T> R on_first(T s) {
  R r{};
  if constexpr (detail::is_tuple_like<R>::value)
    std::get<0>(r) = s;
  else
    r = s;
  return r;
}

template <class F, class T>
using result_t = std::decay_t<decltype(std::declval<const F &>()(T()))>;

/// Forward mode: the tangent of g(x) along the captures' tangents alone,
/// and along them plus a unit step in x.
template <class F, class T> T tangent_by_captures(const F &f, T x) {
  return first(f.pushforward(x, T(0)).tangent);
}
template <class F, class T> T slope(const F &f, T x) {
  return first(f.pushforward(x, T(1)).tangent) - tangent_by_captures(f, x);
}

/// The tangent of a root x of the callable (forward mode).
template <class F, class T> T root_tangent(const F &f, T x) {
  T by_x = slope(f, x);
  return by_x == 0 ? T(0) : -tangent_by_captures(f, x) / by_x;
}

/// Reverse mode: the callable pulled back at a set of points, each with
/// the seed a rule gives it, after the rule has read the callable's slope
/// at some of them. Pulling back adds into the captures' adjoints: with a
/// cotangent vector, slopes are read into scratch vectors and the seeded
/// sum is committed once; without one (captures behind pointers), reading
/// a slope pulls a unit seed back already, and the commit pulls back the
/// rest.
template <class F, class T> class pullbacks {
  static constexpr bool by_vector = ::ddx::has_cotangent<F>::value;
  struct point {
    T x, seed = 0, applied = 0;
    T slope = 0;
  };
  using vector = typename detail::cotangent_of<F, by_vector>::type;
  using R = result_t<F, T>;

  const F &f_;
  std::vector<point> points_;
  std::vector<vector> vectors_;

public:
  explicit pullbacks(const F &f) : f_(f) {}

  /// A point, its slope d(first)/dx measured; returns its index.
  std::size_t at(T x) {
    point p{x};
    vector v{};
    if constexpr (by_vector) {
      f_.pullback_to(v, x, on_first<R>(T(1)), p.slope);
    } else {
      f_.pullback(x, on_first<R>(T(1)), p.slope);
      p.applied = 1;
    }
    points_.push_back(p);
    vectors_.push_back(v);
    return points_.size() - 1;
  }
  T slope(std::size_t i) const { return points_[i].slope; }
  void seed(std::size_t i, T s) { points_[i].seed += s; }

  void commit() {
    if constexpr (by_vector) {
      vector sum{};
      for (std::size_t i = 0; i < points_.size(); ++i)
        sum += vectors_[i] * points_[i].seed;
      f_.accumulate(sum);
    } else {
      for (const point &p : points_)
        if (p.seed != p.applied) {
          T ignored = 0;
          f_.pullback(p.x, on_first<R>(p.seed - p.applied), ignored);
        }
    }
  }
};

/// Reverse mode: adds seed * dx/dp of a root x into the captures' adjoints.
template <class F, class T> void root_pullback(const F &f, T x, T seed) {
  if (seed == 0)
    return;
  if constexpr (::ddx::has_cotangent<F>::value) {
    // (One point: its cotangent, scaled, without pullbacks' bookkeeping.)
    typename F::cotangent_type v{};
    T by_x = 0;
    f.pullback_to(v, x, on_first<result_t<F, T>>(T(1)), by_x);
    if (by_x != 0)
      f.accumulate(v * (-seed / by_x));
    return;
  }
  pullbacks<F, T> at(f);
  std::size_t root = at.at(x);
  T by_x = at.slope(root);
  if (by_x != 0)
    at.seed(root, -seed / by_x);
  at.commit();
}

/// The bracket a bracketing solver returns: each end moves as the root
/// does, by the theorem at that end.
template <class F, class T>
std::pair<T, T> bracket_tangent(const F &f, const std::pair<T, T> &r) {
  return {root_tangent(f, r.first), root_tangent(f, r.second)};
}
template <class F, class T>
void bracket_pullback(const F &f, const std::pair<T, T> &r,
                      const std::pair<T, T> &seed) {
  root_pullback(f, r.first, seed.first);
  root_pullback(f, r.second, seed.second);
}

/// The five-point stencil for a derivative: offsets in steps of h, and
/// weights times 12 h.
inline constexpr int stencil_offset[4] = {-2, -1, 1, 2};
inline constexpr double stencil_weight[4] = {1, -8, 8, -1};

/// The stencil's step at x: the fifth root of the machine epsilon, relative
/// to x, or to the search interval's width where x is near zero.
template <class T> T stencil_step(T x, T width) {
  T scale = std::fmax(std::fabs(x), std::fabs(width) * T(1e-3));
  if (!(scale > 0))
    scale = 1;
  return std::pow(std::numeric_limits<T>::epsilon(), T(0.2)) * scale;
}

/// The tangents of a minimum x of the callable and of its value there
/// (forward mode).
template <class F, class T>
std::pair<T, T> minimum_tangent(const F &f, T x, T width) {
  T h = stencil_step(x, width);
  T curvature = 0, mixed = 0;
  for (int k = 0; k < 4; ++k) {
    T at = x + stencil_offset[k] * h;
    T w = T(stencil_weight[k]) / (12 * h);
    T by_captures = tangent_by_captures(f, at);
    curvature += w * (first(f.pushforward(at, T(1)).tangent) - by_captures);
    mixed += w * by_captures;
  }
  T dx = curvature == 0 ? T(0) : -mixed / curvature;
  return {dx, first(f.pushforward(x, dx).tangent)};
}

/// The tangent of the callable's value at a point y that moves as a
/// minimum does (by dx, minimum_tangent's first): a bracket's end.
template <class F, class T> T value_tangent(const F &f, T y, T dx) {
  return first(f.pushforward(y, dx).tangent);
}

/// Reverse mode: the adjoints of a minimum x and of the callable's value at
/// a point that moves with it (at x itself, or at an end of the bracket
/// around it), added into the captures'.
template <class F, class T>
void minimum_pullback(const F &f, T x, T width, T seed_x, T seed_value,
                      T value_at) {
  if (seed_x == 0 && seed_value == 0)
    return;
  pullbacks<F, T> at(f);
  std::size_t minimum = at.at(x);
  std::size_t valued = value_at == x ? minimum : at.at(value_at);
  T h = stencil_step(x, width);
  std::size_t stencil[4];
  T curvature = 0;
  for (int k = 0; k < 4; ++k) {
    stencil[k] = at.at(x + stencil_offset[k] * h);
    curvature += T(stencil_weight[k]) / (12 * h) * at.slope(stencil[k]);
  }
  // value = f(y(p), p), y moving as x: its seed reaches p directly and
  // through x.
  at.seed(valued, seed_value);
  T through_x = seed_x + seed_value * at.slope(valued);
  if (curvature != 0)
    for (int k = 0; k < 4; ++k)
      at.seed(stencil[k],
              -through_x / curvature * (T(stencil_weight[k]) / (12 * h)));
  at.commit();
}
template <class F, class T>
void minimum_pullback(const F &f, T x, T width, T seed_x, T seed_value) {
  minimum_pullback(f, x, width, seed_x, seed_value, x);
}

} // namespace ddx::rules::implicit

#endif // DDX_RULES_DETAIL_IMPLICIT_HPP
