// ddx rules for <numeric>: accumulate, inner_product, reduce,
// transform_reduce and partial_sum, with and without the user's callables.
//
// A callable arrives as an object ddx generates for it (a lambda with its
// captures, a functor, a named function); the ranges arrive as iterators,
// with the same positions in their shadows as tangents or adjoints
// (docs/rules.md, "Ranges"). The derivative is that of the fold the
// function computes: accumulate, inner_product and partial_sum apply their
// operations in order, and so do the rules. reduce and transform_reduce may
// group the operations as they like (the library unrolls them); the rules
// return the library's value, and differentiate the same operations applied
// in order, which the standard requires to give the same result (the
// operation associative and commutative).
//
// The pullbacks compute the fold's intermediate values again from the
// inputs (which the reverse sweep has put back), then pull each step back,
// last first: memory is one value per element, for the pullback's
// duration.
#ifndef DDX_RULES_NUMERIC_HPP
#define DDX_RULES_NUMERIC_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <ddx/rules/detail/ranges.hpp>
#include <numeric>

namespace ddx::rules {

// accumulate(first, last, init): init + x_0 + x_1 + ...

template <class It, class T, class D, class DEnd>
::ddx::dual<T> accumulate_pushforward(DDX_RANGE It first, DDX_RANGE It last,
                                      T init, D dfirst, DEnd,
                                      ::ddx::tangent_t<T> dinit) {
  return range_detail::fold_pushforward(first, last, init, dinit,
                                        range_detail::plus{}, dfirst);
}

template <class It, class T, class D, class DEnd>
void accumulate_pullback(DDX_RANGE It first, DDX_RANGE It last, T, T seed,
                         D dfirst, DEnd, ::ddx::tangent_t<T> &dinit) {
  for (std::ptrdiff_t k = 0, n = last - first; k < n; ++k)
    dfirst[k] += seed;
  dinit += seed;
}

// accumulate(first, last, init, op): op(...op(op(init, x_0), x_1)..., x_n)

template <class It, class T, class Op, class D, class DEnd>
::ddx::dual<T> accumulate_pushforward(DDX_RANGE It first, DDX_RANGE It last,
                                      T init, DDX_CALLABLE DDX_IN_ORDER Op op, D dfirst,
                                      DEnd, ::ddx::tangent_t<T> dinit) {
  return range_detail::fold_pushforward(first, last, init, dinit, op, dfirst);
}

template <class It, class T, class Op, class D, class DEnd>
void accumulate_pullback(DDX_RANGE It first, DDX_RANGE It last, T init,
                         DDX_CALLABLE DDX_IN_ORDER Op op, T seed, D dfirst, DEnd,
                         ::ddx::tangent_t<T> &dinit) {
  dinit += range_detail::fold_pullback(first, last, init, op, seed, dfirst);
}

// inner_product(first1, last1, first2, init): init + a_0 b_0 + a_1 b_1 + ...

template <class It1, class It2, class T, class D1, class DEnd, class D2,
          class = range_detail::positions<It1, It2>>
::ddx::dual<T>
inner_product_pushforward(DDX_RANGE It1 first1, DDX_RANGE It1 last1,
                          DDX_RANGE It2 first2, T init, D1 d1, DEnd, D2 d2,
                          ::ddx::tangent_t<T> dinit) {
  return range_detail::fold2_pushforward(first1, last1, first2, init, dinit,
                                         range_detail::plus{},
                                         range_detail::multiplies{}, d1, d2);
}

template <class It1, class It2, class T, class D1, class DEnd, class D2,
          class = range_detail::positions<It1, It2>>
void inner_product_pullback(DDX_RANGE It1 first1, DDX_RANGE It1 last1,
                            DDX_RANGE It2 first2, T, T seed, D1 d1, DEnd, D2 d2,
                            ::ddx::tangent_t<T> &dinit) {
  for (std::ptrdiff_t k = 0, n = last1 - first1; k < n; ++k) {
    d1[k] += seed * range_detail::conj(first2[k]);
    d2[k] += seed * range_detail::conj(first1[k]);
  }
  dinit += seed;
}

// inner_product(first1, last1, first2, init, reduce, map):
// reduce(...reduce(init, map(a_0, b_0))..., map(a_n, b_n))

template <class It1, class It2, class T, class Reduce, class Map, class D1,
          class DEnd, class D2>
::ddx::dual<T>
inner_product_pushforward(DDX_RANGE It1 first1, DDX_RANGE It1 last1,
                          DDX_RANGE It2 first2, T init,
                          DDX_CALLABLE DDX_IN_ORDER Reduce reduce, DDX_CALLABLE DDX_IN_ORDER Map map,
                          D1 d1, DEnd, D2 d2, ::ddx::tangent_t<T> dinit) {
  return range_detail::fold2_pushforward(first1, last1, first2, init, dinit,
                                         reduce, map, d1, d2);
}

template <class It1, class It2, class T, class Reduce, class Map, class D1,
          class DEnd, class D2>
void inner_product_pullback(DDX_RANGE It1 first1, DDX_RANGE It1 last1,
                            DDX_RANGE It2 first2, T init,
                            DDX_CALLABLE DDX_IN_ORDER Reduce reduce, DDX_CALLABLE DDX_IN_ORDER Map map,
                            T seed, D1 d1, DEnd, D2 d2,
                            ::ddx::tangent_t<T> &dinit) {
  dinit += range_detail::fold2_pullback(first1, last1, first2, init, reduce,
                                        map, seed, d1, d2);
}

// transform_reduce(first1, last1, first2, init): inner_product, grouped as
// the library likes.

template <class It1, class It2, class T, class D1, class DEnd, class D2,
          class = range_detail::positions<It1, It2>>
::ddx::dual<T>
transform_reduce_pushforward(DDX_RANGE It1 first1, DDX_RANGE It1 last1,
                             DDX_RANGE It2 first2, T init, D1 d1, DEnd, D2 d2,
                             ::ddx::tangent_t<T> dinit) {
  auto r =
      inner_product_pushforward(first1, last1, first2, init, d1, 0, d2, dinit);
  return {std::transform_reduce(first1, last1, first2, init), r.tangent};
}

template <class It1, class It2, class T, class D1, class DEnd, class D2,
          class = range_detail::positions<It1, It2>>
void transform_reduce_pullback(DDX_RANGE It1 first1, DDX_RANGE It1 last1,
                               DDX_RANGE It2 first2, T init, T seed, D1 d1,
                               DEnd, D2 d2, ::ddx::tangent_t<T> &dinit) {
  inner_product_pullback(first1, last1, first2, init, seed, d1, 0, d2, dinit);
}

// transform_reduce(first1, last1, first2, init, reduce, map): the library
// runs on a recording of its own operations (range_detail::recording),
// which the rules then replay with the user's callables.

/// The recording of transform_reduce over two ranges of n: their elements
/// are inputs [0, n) and [n, 2n), the initial value 2n.
inline range_detail::recording::handle
record_transform_reduce(range_detail::recording &rec, std::ptrdiff_t n) {
  auto a = rec.inputs(0, n), b = rec.inputs(n, n);
  return std::transform_reduce(a.begin(), a.end(), b.begin(),
                               rec.inputs(2 * n, 1)[0],
                               range_detail::recording::reduction{&rec},
                               range_detail::recording::map{&rec});
}

template <class It1, class It2, class T, class Reduce, class Map, class D1,
          class DEnd, class D2>
::ddx::dual<T>
transform_reduce_pushforward(DDX_RANGE It1 first1, DDX_RANGE It1 last1,
                             DDX_RANGE It2 first2, T init,
                             DDX_CALLABLE DDX_IN_ORDER Reduce reduce, DDX_CALLABLE DDX_IN_ORDER Map map,
                             D1 d1, DEnd, D2 d2, ::ddx::tangent_t<T> dinit) {
  std::ptrdiff_t n = last1 - first1;
  range_detail::recording rec(2 * n + 1);
  auto out = record_transform_reduce(rec, n);
  std::vector<T> val(2 * n, T(0)), tan(2 * n, T(0));
  val.push_back(init);
  tan.push_back(dinit);
  return range_detail::replay_pushforward(
      rec, out, val, tan, reduce, [&](const range_detail::recording::step &s) {
        std::ptrdiff_t i = s.a, j = s.b - n;
        return map.pushforward(first1[i], first2[j], d1[i], d2[j]);
      });
}

template <class It1, class It2, class T, class Reduce, class Map, class D1,
          class DEnd, class D2>
void transform_reduce_pullback(DDX_RANGE It1 first1, DDX_RANGE It1 last1,
                               DDX_RANGE It2 first2, T init,
                               DDX_CALLABLE DDX_IN_ORDER Reduce reduce, DDX_CALLABLE DDX_IN_ORDER Map map,
                               T seed, D1 d1, DEnd, D2 d2,
                               ::ddx::tangent_t<T> &dinit) {
  std::ptrdiff_t n = last1 - first1;
  range_detail::recording rec(2 * n + 1);
  auto out = record_transform_reduce(rec, n);
  std::vector<T> val(2 * n, T(0));
  val.push_back(init);
  auto operands = [&](const range_detail::recording::step &s, auto &&step) {
    std::ptrdiff_t i = s.a, j = s.b - n;
    auto &&da = range_detail::slot(d1, i);
    auto &&db = range_detail::slot(d2, j);
    return step(first1[i], first2[j], da, db);
  };
  std::vector<T> adj = range_detail::replay_pullback(
      rec, out, val, reduce,
      [&](const range_detail::recording::step &s) {
        return operands(s, [&](auto &a, auto &b, auto &da, auto &db) {
          return map.forward(a, b, da, db);
        });
      },
      [&](const range_detail::recording::step &s, T g) {
        operands(s, [&](auto &a, auto &b, auto &da, auto &db) {
          map.reverse(a, b, g, da, db);
        });
      },
      seed);
  dinit += adj[2 * n];
}

// transform_reduce(first, last, init, reduce, map), likewise: the elements
// are inputs [0, n), the initial value n.

inline range_detail::recording::handle
record_transform_reduce1(range_detail::recording &rec, std::ptrdiff_t n) {
  auto x = rec.inputs(0, n);
  return std::transform_reduce(x.begin(), x.end(), rec.inputs(n, 1)[0],
                               range_detail::recording::reduction{&rec},
                               range_detail::recording::map{&rec});
}

template <class It, class T, class Reduce, class Map, class D, class DEnd,
          class = range_detail::positions<It>>
::ddx::dual<T>
transform_reduce_pushforward(DDX_RANGE It first, DDX_RANGE It last, T init,
                             DDX_CALLABLE DDX_IN_ORDER Reduce reduce, DDX_CALLABLE DDX_IN_ORDER Map map,
                             D dfirst, DEnd, ::ddx::tangent_t<T> dinit) {
  std::ptrdiff_t n = last - first;
  range_detail::recording rec(n + 1);
  auto out = record_transform_reduce1(rec, n);
  std::vector<T> val(n, T(0)), tan(n, T(0));
  val.push_back(init);
  tan.push_back(dinit);
  return range_detail::replay_pushforward(
      rec, out, val, tan, reduce, [&](const range_detail::recording::step &s) {
        return map.pushforward(first[s.a], dfirst[s.a]);
      });
}

template <class It, class T, class Reduce, class Map, class D, class DEnd,
          class = range_detail::positions<It>>
void transform_reduce_pullback(DDX_RANGE It first, DDX_RANGE It last, T init,
                               DDX_CALLABLE DDX_IN_ORDER Reduce reduce, DDX_CALLABLE DDX_IN_ORDER Map map,
                               T seed, D dfirst, DEnd,
                               ::ddx::tangent_t<T> &dinit) {
  std::ptrdiff_t n = last - first;
  range_detail::recording rec(n + 1);
  auto out = record_transform_reduce1(rec, n);
  std::vector<T> val(n, T(0));
  val.push_back(init);
  std::vector<T> adj = range_detail::replay_pullback(
      rec, out, val, reduce,
      [&](const range_detail::recording::step &s) {
        auto &&dx = range_detail::slot(dfirst, s.a);
        return map.forward(first[s.a], dx);
      },
      [&](const range_detail::recording::step &s, T g) {
        auto &&dx = range_detail::slot(dfirst, s.a);
        map.reverse(first[s.a], g, dx);
      },
      seed);
  dinit += adj[n];
}

// reduce(first, last[, init[, op]]): accumulate, grouped as the library
// likes.

template <class It, class D, class DEnd>
::ddx::dual<range_detail::value_t<It>>
reduce_pushforward(DDX_RANGE It first, DDX_RANGE It last, D dfirst, DEnd) {
  using T = range_detail::value_t<It>;
  auto r = accumulate_pushforward(first, last, T(), dfirst, 0, T(0));
  return {std::reduce(first, last), r.tangent};
}

template <class It, class D, class DEnd>
void reduce_pullback(DDX_RANGE It first, DDX_RANGE It last,
                     range_detail::value_t<It> seed, D dfirst, DEnd) {
  range_detail::value_t<It> dinit = 0;
  accumulate_pullback(first, last, dinit, seed, dfirst, 0, dinit);
}

template <class It, class T, class D, class DEnd>
::ddx::dual<T> reduce_pushforward(DDX_RANGE It first, DDX_RANGE It last, T init,
                                  D dfirst, DEnd, ::ddx::tangent_t<T> dinit) {
  auto r = accumulate_pushforward(first, last, init, dfirst, 0, dinit);
  return {std::reduce(first, last, init), r.tangent};
}

template <class It, class T, class D, class DEnd>
void reduce_pullback(DDX_RANGE It first, DDX_RANGE It last, T init, T seed,
                     D dfirst, DEnd, ::ddx::tangent_t<T> &dinit) {
  accumulate_pullback(first, last, init, seed, dfirst, 0, dinit);
}

/// The recording of reduce over n elements: inputs [0, n), the initial
/// value n.
inline range_detail::recording::handle
record_reduce(range_detail::recording &rec, std::ptrdiff_t n) {
  auto x = rec.inputs(0, n);
  return std::reduce(x.begin(), x.end(), rec.inputs(n, 1)[0],
                     range_detail::recording::reduction{&rec});
}

template <class It, class T, class Op, class D, class DEnd>
::ddx::dual<T> reduce_pushforward(DDX_RANGE It first, DDX_RANGE It last, T init,
                                  DDX_CALLABLE DDX_IN_ORDER Op op, D dfirst, DEnd,
                                  ::ddx::tangent_t<T> dinit) {
  std::ptrdiff_t n = last - first;
  range_detail::recording rec(n + 1);
  auto out = record_reduce(rec, n);
  std::vector<T> val, tan;
  range_detail::append(val, first, n);
  val.push_back(init);
  range_detail::append(tan, dfirst, n);
  tan.push_back(dinit);
  return range_detail::replay_pushforward(
      rec, out, val, tan, op,
      [](const range_detail::recording::step &) { return ::ddx::dual<T>(); });
}

template <class It, class T, class Op, class D, class DEnd>
void reduce_pullback(DDX_RANGE It first, DDX_RANGE It last, T init,
                     DDX_CALLABLE DDX_IN_ORDER Op op, T seed, D dfirst, DEnd,
                     ::ddx::tangent_t<T> &dinit) {
  std::ptrdiff_t n = last - first;
  range_detail::recording rec(n + 1);
  auto out = record_reduce(rec, n);
  std::vector<T> val;
  range_detail::append(val, first, n);
  val.push_back(init);
  std::vector<T> adj = range_detail::replay_pullback(
      rec, out, val, op,
      [](const range_detail::recording::step &) { return T(0); },
      [](const range_detail::recording::step &, T) {}, seed);
  for (std::ptrdiff_t k = 0; k < n; ++k)
    dfirst[k] += adj[k];
  dinit += adj[n];
}

// partial_sum(first, last, out[, op]): out_0 = x_0, out_k = op(out_{k-1},
// x_k); out may be first (in place).

template <class It, class Out, class Op, class D, class DEnd, class DOut>
Out partial_sum_pushforward(DDX_RANGE It first, DDX_RANGE It last,
                            DDX_OUTPUT_RANGE Out out, DDX_CALLABLE DDX_IN_ORDER Op op,
                            D dfirst, DEnd, DOut dout) {
  using T = range_detail::value_t<It>;
  if (first == last)
    return out;
  T acc = *first, dacc = static_cast<T>(*dfirst);
  *out = acc;
  *dout = dacc;
  while (++first != last) {
    ++dfirst;
    auto r = op.pushforward(acc, *first, dacc, static_cast<T>(*dfirst));
    acc = r.value;
    dacc = r.tangent;
    *++out = acc;
    *++dout = dacc;
  }
  return ++out;
}

/// (Reads each output's adjoint and clears it before adding into the
/// input's, which is the same element in place.)
template <class It, class Out, class Op, class D, class DEnd, class DOut>
void partial_sum_pullback(DDX_RANGE It first, DDX_RANGE It last,
                          DDX_OUTPUT_RANGE Out, DDX_CALLABLE DDX_IN_ORDER Op op, D dfirst,
                          DEnd, DOut dout) {
  using T = range_detail::value_t<It>;
  std::ptrdiff_t n = last - first;
  if (n == 0)
    return;
  std::vector<T> before(static_cast<std::size_t>(n));
  before[0] = first[0];
  for (std::ptrdiff_t k = 1; k < n; ++k) {
    T dprev = 0;
    auto &&dx = range_detail::slot(dfirst, k);
    before[k] = op.forward(before[k - 1], first[k], dprev, dx);
  }
  T carry = 0;
  for (std::ptrdiff_t k = n; k-- > 1;) {
    T seed = carry + range_detail::read<T>(dout, k);
    dout[k] = 0;
    T dprev = 0;
    auto &&dx = range_detail::slot(dfirst, k);
    op.reverse(before[k - 1], first[k], seed, dprev, dx);
    carry = dprev;
  }
  T seed = carry + range_detail::read<T>(dout, 0);
  dout[0] = 0;
  dfirst[0] += seed;
}

template <class It, class Out, class D, class DEnd, class DOut>
Out partial_sum_pushforward(DDX_RANGE It first, DDX_RANGE It last,
                            DDX_OUTPUT_RANGE Out out, D dfirst, DEnd dlast,
                            DOut dout) {
  return partial_sum_pushforward(first, last, out, range_detail::plus{}, dfirst,
                                 dlast, dout);
}

template <class It, class Out, class D, class DEnd, class DOut>
void partial_sum_pullback(DDX_RANGE It first, DDX_RANGE It last,
                          DDX_OUTPUT_RANGE Out out, D dfirst, DEnd dlast,
                          DOut dout) {
  partial_sum_pullback(first, last, out, range_detail::plus{}, dfirst, dlast,
                       dout);
}

} // namespace ddx::rules

#endif // DDX_RULES_NUMERIC_HPP
