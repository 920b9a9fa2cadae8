// What the rules for <numeric> and <algorithm> share: the built-in
// operations of the overloads without a callable, written as the objects
// ddx generates for callables are (docs/rules.md, "The callable objects"),
// and the fold every accumulating algorithm is.
//
// The ranges are random-access (a std::vector's, a std::array's or an
// array's iterators, or pointers): the pullbacks walk them backwards by
// index. A range's tangent or adjoint is the same position in its shadow,
// or a ::ddx::zero_range when it has none (docs/rules.md, "Ranges").
#ifndef DDX_RULES_DETAIL_RANGES_HPP
#define DDX_RULES_DETAIL_RANGES_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <cstddef>
#include <ddx/rule.hpp>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

namespace ddx::rules::range_detail {

/// Whether It is an iterator or a pointer (keeps the overloads of equal
/// arity apart: transform_reduce(first1, last1, first2, init) and
/// transform_reduce(first, last, init, reduce, transform)).
template <class It, class = void> struct is_position : std::false_type {};
template <class It>
struct is_position<
    It, std::void_t<typename std::iterator_traits<It>::iterator_category>>
    : std::true_type {};
template <class... It>
using positions = std::enable_if_t<(is_position<It>::value && ...)>;

/// The value a range's position reads, as a plain value.
template <class It>
using value_t = typename std::iterator_traits<It>::value_type;

/// The conjugate of a complex value, a real value itself: what an adjoint
/// is multiplied by where the value was a factor (docs/rules.md,
/// "std::complex").
template <class T> T conj(const T &x) {
  if constexpr (std::is_arithmetic_v<T>)
    return x;
  else
    return T(x.real(), -x.imag());
}

/// Whether T is a number: arithmetic, or complex (with real() and imag()).
template <class T, class = void> struct is_number : std::is_arithmetic<T> {};
template <class T>
struct is_number<T, std::void_t<decltype(std::declval<const T &>().real()),
                                decltype(std::declval<const T &>().imag())>>
    : std::true_type {};

/// a + b, as a callable object: the value, the tangent, the adjoints.
struct plus {
  template <class A, class B> auto operator()(const A &a, const B &b) const {
    return a + b;
  }
  template <class A, class B, class DA, class DB>
  auto pushforward(const A &a, const B &b, const DA &da, const DB &db) const {
    using R = decltype(a + b);
    return ::ddx::dual<R>(a + b, R(da) + R(db));
  }
  template <class A, class B, class DA, class DB>
  auto forward(const A &a, const B &b, DA &, DB &) const {
    return a + b;
  }
  template <class A, class B, class R, class DA, class DB>
  void reverse(const A &, const B &, R seed, DA &da, DB &db) const {
    da += seed;
    db += seed;
  }
};

/// a * b, likewise.
struct multiplies {
  template <class A, class B> auto operator()(const A &a, const B &b) const {
    return a * b;
  }
  template <class A, class B, class DA, class DB>
  auto pushforward(const A &a, const B &b, const DA &da, const DB &db) const {
    using R = decltype(a * b);
    return ::ddx::dual<R>(a * b, R(da) * b + a * R(db));
  }
  template <class A, class B, class DA, class DB>
  auto forward(const A &a, const B &b, DA &, DB &) const {
    return a * b;
  }
  template <class A, class B, class R, class DA, class DB>
  void reverse(const A &a, const B &b, R seed, DA &da, DB &db) const {
    da += seed * range_detail::conj(b);
    db += seed * range_detail::conj(a);
  }
};

/// The element k of a range's shadow, as an adjoint slot a callable's
/// pullback can add to (a ::ddx::zero_range element drops it).
template <class D> decltype(auto) slot(D d, std::ptrdiff_t k) { return d[k]; }

/// A reading of a shadow element as a value of type T.
template <class T, class D> T read(D d, std::ptrdiff_t k) {
  return static_cast<T>(d[k]);
}

/// An adjoint of type From (an output element's) as an adjoint of a value
/// of type To (the input's): the real part where a real value went into a
/// complex element.
template <class To, class From> To adjoint_as(const From &a) {
  if constexpr (std::is_arithmetic_v<To> && !std::is_arithmetic_v<From>)
    return static_cast<To>(a.real());
  else
    return static_cast<To>(a);
}

/// The pullback of out_k = x_k for k < n: each output's adjoint (of type
/// Out) is added to its input's (of type In) and cleared, last copied
/// first (first copied first when backward, as copy_backward copies), so a
/// copy within one range moves each adjoint once. Elements are numbers or
/// std::complex values.
template <class In, class Out, class D, class DOut>
void move_adjoints(std::ptrdiff_t n, D dfirst, DOut dout, bool backward) {
  static_assert(is_number<In>::value && is_number<Out>::value,
                "ddx's copy rules take ranges of numbers or std::complex");
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    std::ptrdiff_t k = backward ? i : n - 1 - i;
    Out seed = read<Out>(dout, k);
    dout[k] = 0;
    slot(dfirst, k) += adjoint_as<In>(seed);
  }
}

/// The adjoints of x_0 ... x_{n-1} (elements of type Out), each written the
/// same value of type T, summed and cleared: the adjoint of that value.
template <class T, class Out, class D>
T take_adjoints(std::ptrdiff_t n, D dfirst) {
  static_assert(is_number<T>::value && is_number<Out>::value,
                "ddx's fill rules take ranges of numbers or std::complex");
  Out sum = Out(0);
  for (std::ptrdiff_t k = n; k-- > 0;) {
    sum += read<Out>(dfirst, k);
    dfirst[k] = 0;
  }
  return adjoint_as<T>(sum);
}

/// acc = op(acc, x_k) over a range, forward: the value and its tangent.
template <class T, class It, class Op, class DIt>
::ddx::dual<T> fold_pushforward(It first, It last, T acc, T dacc, const Op &op,
                                DIt dfirst) {
  for (; first != last; ++first, ++dfirst) {
    auto r =
        op.pushforward(acc, *first, dacc, static_cast<value_t<It>>(*dfirst));
    acc = r.value;
    dacc = r.tangent;
  }
  return {acc, dacc};
}

/// The pullback of the fold: the steps run forward again (the callable's
/// forward sweeps, recorded), then each is pulled back, last first. The
/// callable's own writes (to what it captures) happen as in the primal
/// call, and are undone as its steps are pulled back. Returns the adjoint
/// of the initial value.
template <class T, class It, class Op, class DIt>
T fold_pullback(It first, It last, T init, const Op &op, T seed, DIt dfirst) {
  std::ptrdiff_t n = last - first;
  std::vector<T> before(static_cast<std::size_t>(n));
  T acc = init;
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    before[k] = acc;
    T dacc = 0;
    auto &&dx = slot(dfirst, k);
    acc = op.forward(acc, first[k], dacc, dx);
  }
  for (std::ptrdiff_t k = n; k-- > 0;) {
    T dacc = 0;
    auto &&dx = slot(dfirst, k);
    op.reverse(before[k], first[k], seed, dacc, dx);
    seed = dacc;
  }
  return seed;
}

/// acc = reduce(acc, map(a_k, b_k)) over two ranges, forward.
template <class T, class It1, class It2, class Reduce, class Map, class D1,
          class D2>
::ddx::dual<T> fold2_pushforward(It1 first1, It1 last1, It2 first2, T acc,
                                 T dacc, const Reduce &reduce, const Map &map,
                                 D1 d1, D2 d2) {
  for (; first1 != last1; ++first1, ++first2, ++d1, ++d2) {
    auto p = map.pushforward(*first1, *first2, static_cast<value_t<It1>>(*d1),
                             static_cast<value_t<It2>>(*d2));
    auto r = reduce.pushforward(acc, p.value, dacc, p.tangent);
    acc = r.value;
    dacc = r.tangent;
  }
  return {acc, dacc};
}

/// Its pullback; returns the adjoint of the initial value.
template <class T, class It1, class It2, class Reduce, class Map, class D1,
          class D2>
T fold2_pullback(It1 first1, It1 last1, It2 first2, T init,
                 const Reduce &reduce, const Map &map, T seed, D1 d1, D2 d2) {
  using P = decltype(map(*first1, *first2));
  std::ptrdiff_t n = last1 - first1;
  std::vector<T> before(static_cast<std::size_t>(n));
  std::vector<P> mapped(static_cast<std::size_t>(n));
  T acc = init;
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    before[k] = acc;
    auto &&da = slot(d1, k);
    auto &&db = slot(d2, k);
    mapped[k] = map.forward(first1[k], first2[k], da, db);
    T dacc = 0;
    P dp = 0;
    acc = reduce.forward(acc, mapped[k], dacc, dp);
  }
  for (std::ptrdiff_t k = n; k-- > 0;) {
    T dacc = 0;
    P dp = 0;
    reduce.reverse(before[k], mapped[k], seed, dacc, dp);
    auto &&da = slot(d1, k);
    auto &&db = slot(d2, k);
    map.reverse(first1[k], first2[k], dp, da, db);
    seed = dacc;
  }
  return seed;
}

/// The operations a library call applied, in the order and grouping it
/// chose. reduce and transform_reduce may group as they like (libstdc++
/// unrolls by four), so their rules run the library itself on handles that
/// record each operation, then replay the record with the user's callables:
/// the value and the derivative are those of the grouping the library
/// computes.
class recording {
public:
  struct handle {
    std::size_t id;
  };
  struct step {
    bool mapped;      ///< the map (transform) or the reduction
    std::size_t a, b; ///< the operands (a unary map reads a only)
  };
  explicit recording(std::size_t inputs) : inputs_(inputs) {}
  std::size_t inputs() const { return inputs_; }
  const std::vector<step> &steps() const { return steps_; }
  handle record(bool mapped, handle a, handle b) {
    steps_.push_back({mapped, a.id, b.id});
    return {inputs_ + steps_.size() - 1};
  }
  /// The handles of inputs [from, from + n).
  std::vector<handle> inputs(std::size_t from, std::size_t n) const {
    std::vector<handle> h(n);
    for (std::size_t k = 0; k < n; ++k)
      h[k].id = from + k;
    return h;
  }

  /// The operations as the library sees them.
  struct reduction {
    recording *r;
    handle operator()(handle a, handle b) const {
      return r->record(false, a, b);
    }
  };
  struct map {
    recording *r;
    handle operator()(handle a) const { return r->record(true, a, a); }
    handle operator()(handle a, handle b) const {
      return r->record(true, a, b);
    }
  };

private:
  std::size_t inputs_;
  std::vector<step> steps_;
};

/// The value and tangent of a recording's output. val and tan hold the
/// inputs' (those a reduction reads: the initial value, and the elements
/// when there is no map); map(step) gives a map step's value and tangent
/// (the rule reads its operands from the ranges, whose elements may be of
/// another type, a struct).
template <class T, class Reduce, class Map>
::ddx::dual<T> replay_pushforward(const recording &rec, recording::handle out,
                                  std::vector<T> val, std::vector<T> tan,
                                  const Reduce &reduce, Map map) {
  for (const recording::step &s : rec.steps()) {
    ::ddx::dual<T> r = s.mapped ? ::ddx::dual<T>(map(s))
                                : ::ddx::dual<T>(reduce.pushforward(
                                      val[s.a], val[s.b], tan[s.a], tan[s.b]));
    val.push_back(r.value);
    tan.push_back(r.tangent);
  }
  return {val[out.id], tan[out.id]};
}

/// The adjoints of a recording's inputs (the first rec.inputs() entries;
/// a map adds its operands' into the ranges' shadows itself), from the
/// values a reduction reads and the seed of the output: the steps run
/// forward (mapForward(step) runs a map step, giving its value), then are
/// pulled back, last first (mapReverse(step, seed)).
template <class T, class Reduce, class MapForward, class MapReverse>
std::vector<T> replay_pullback(const recording &rec, recording::handle out,
                               std::vector<T> val, const Reduce &reduce,
                               MapForward mapForward, MapReverse mapReverse,
                               T seed) {
  const std::vector<recording::step> &steps = rec.steps();
  for (const recording::step &s : steps) {
    T da = 0, db = 0; // (a forward sweep adds nothing to them)
    val.push_back(s.mapped ? T(mapForward(s))
                           : T(reduce.forward(val[s.a], val[s.b], da, db)));
  }
  std::vector<T> adj(rec.inputs() + steps.size(), T(0));
  adj[out.id] += seed;
  for (std::size_t k = steps.size(); k-- > 0;) {
    const recording::step &s = steps[k];
    T g = adj[rec.inputs() + k];
    if (s.mapped)
      mapReverse(s, g);
    else
      reduce.reverse(val[s.a], val[s.b], g, adj[s.a], adj[s.b]);
  }
  adj.resize(rec.inputs());
  return adj;
}

/// The values (or tangents) of a range, as a recording's inputs.
template <class T, class It>
void append(std::vector<T> &out, It first, std::ptrdiff_t n) {
  for (std::ptrdiff_t k = 0; k < n; ++k)
    out.push_back(static_cast<T>(first[k]));
}

} // namespace ddx::rules::range_detail

#endif // DDX_RULES_DETAIL_RANGES_HPP
