// ddx rules for <algorithm>: transform (one range and two) and for_each,
// with the user's callable; copy, copy_n, copy_backward, fill and fill_n.
//
// A rule's `_written` function says how many elements the call writes from
// its (first) output range on: reverse mode records them before the call
// where the range is not a container ddx can name whole (a pointer
// parameter), and puts them back before the pullback.
//
// The callable arrives as an object ddx generates for it, the ranges as
// iterators with the same positions in their shadows as tangents or
// adjoints (docs/rules.md, "Ranges"). The output range may be the input
// (in place), as the library allows. Each element is pulled back on its
// own, last first; the reverse sweep has put back what the call overwrote
// before the pullback runs, so the pullback reads the inputs the call read.
#ifndef DDX_RULES_ALGORITHM_HPP
#define DDX_RULES_ALGORITHM_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <algorithm>
#include <ddx/rules/detail/ranges.hpp>

namespace ddx::rules {

// transform(first, last, out, op): out_k = op(x_k)

template <class It, class Out, class Op, class D, class DEnd, class DOut>
Out transform_pushforward(DDX_RANGE It first, DDX_RANGE It last,
                          DDX_OUTPUT_RANGE Out out, DDX_CALLABLE DDX_IN_ORDER Op op,
                          D dfirst, DEnd, DOut dout) {
  using T = range_detail::value_t<It>;
  for (; first != last; ++first, ++dfirst, ++out, ++dout) {
    auto r = op.pushforward(*first, static_cast<T>(*dfirst));
    *out = r.value;
    *dout = r.tangent;
  }
  return out;
}

/// (Reads each output's adjoint and clears it before adding into the
/// input's, which is the same element in place.)
template <class It, class Out, class Op, class D, class DEnd, class DOut>
void transform_pullback(DDX_RANGE It first, DDX_RANGE It last,
                        DDX_OUTPUT_RANGE Out, DDX_CALLABLE DDX_IN_ORDER Op op, D dfirst,
                        DEnd, DOut dout) {
  using R = decltype(op(*first));
  std::ptrdiff_t n = last - first;
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    auto &&dx = range_detail::slot(dfirst, k);
    op.forward(first[k], dx);
  }
  for (std::ptrdiff_t k = n; k-- > 0;) {
    R seed = range_detail::read<R>(dout, k);
    dout[k] = 0;
    auto &&dx = range_detail::slot(dfirst, k);
    op.reverse(first[k], seed, dx);
  }
}

template <class It, class Out, class Op>
std::ptrdiff_t transform_written(It first, It last, Out, const Op &) {
  return last - first;
}

// transform(first1, last1, first2, out, op): out_k = op(a_k, b_k)

template <class It1, class It2, class Out, class Op, class D1, class DEnd,
          class D2, class DOut>
Out transform_pushforward(DDX_RANGE It1 first1, DDX_RANGE It1 last1,
                          DDX_RANGE It2 first2, DDX_OUTPUT_RANGE Out out,
                          DDX_CALLABLE DDX_IN_ORDER Op op, D1 d1, DEnd, D2 d2, DOut dout) {
  using A = range_detail::value_t<It1>;
  using B = range_detail::value_t<It2>;
  for (; first1 != last1; ++first1, ++first2, ++d1, ++d2, ++out, ++dout) {
    auto r = op.pushforward(*first1, *first2, static_cast<A>(*d1),
                            static_cast<B>(*d2));
    *out = r.value;
    *dout = r.tangent;
  }
  return out;
}

template <class It1, class It2, class Out, class Op, class D1, class DEnd,
          class D2, class DOut>
void transform_pullback(DDX_RANGE It1 first1, DDX_RANGE It1 last1,
                        DDX_RANGE It2 first2, DDX_OUTPUT_RANGE Out,
                        DDX_CALLABLE DDX_IN_ORDER Op op, D1 d1, DEnd, D2 d2, DOut dout) {
  using R = decltype(op(*first1, *first2));
  std::ptrdiff_t n = last1 - first1;
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    auto &&da = range_detail::slot(d1, k);
    auto &&db = range_detail::slot(d2, k);
    op.forward(first1[k], first2[k], da, db);
  }
  for (std::ptrdiff_t k = n; k-- > 0;) {
    R seed = range_detail::read<R>(dout, k);
    dout[k] = 0;
    auto &&da = range_detail::slot(d1, k);
    auto &&db = range_detail::slot(d2, k);
    op.reverse(first1[k], first2[k], seed, da, db);
  }
}

template <class It1, class It2, class Out, class Op>
std::ptrdiff_t transform_written(It1 first1, It1 last1, It2, Out, const Op &) {
  return last1 - first1;
}

// for_each(first, last, f): f(x_k) for each element, in order; f may write
// the element (a reference parameter) or what it captures.

template <class It, class F, class D, class DEnd>
void for_each_pushforward(DDX_OUTPUT_RANGE It first, DDX_OUTPUT_RANGE It last,
                          DDX_CALLABLE DDX_IN_ORDER F f, D dfirst, DEnd) {
  for (; first != last; ++first, ++dfirst) {
    auto &&dx = *dfirst;
    f.pushforward(*first, dx);
  }
}

template <class It, class F, class D, class DEnd>
void for_each_pullback(DDX_OUTPUT_RANGE It first, DDX_OUTPUT_RANGE It last,
                       DDX_CALLABLE DDX_IN_ORDER F f, D dfirst, DEnd) {
  std::ptrdiff_t n = last - first;
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    auto &&dx = range_detail::slot(dfirst, k);
    f.forward(first[k], dx);
  }
  for (std::ptrdiff_t k = n; k-- > 0;) {
    auto &&dx = range_detail::slot(dfirst, k);
    f.reverse(first[k], dx);
  }
}

template <class It, class F>
std::ptrdiff_t for_each_written(It first, It last, const F &) {
  return last - first;
}

// copy(first, last, out): out_k = x_k, k ascending (out may start before
// first in the same range, as the library allows).

template <class It, class Out, class D, class DEnd, class DOut>
Out copy_pushforward(DDX_RANGE It first, DDX_RANGE It last,
                     DDX_OUTPUT_RANGE Out out, D dfirst, DEnd, DOut dout) {
  using T = range_detail::value_t<It>;
  for (; first != last; ++first, ++dfirst, ++out, ++dout) {
    *out = *first;
    *dout = static_cast<T>(*dfirst);
  }
  return out;
}

/// (Each output's adjoint moves to its input, last copied first, so a copy
/// within one range moves each adjoint once.)
template <class It, class Out, class D, class DEnd, class DOut>
void copy_pullback(DDX_RANGE It first, DDX_RANGE It last, DDX_OUTPUT_RANGE Out,
                   D dfirst, DEnd, DOut dout) {
  range_detail::move_adjoints<range_detail::value_t<It>,
                              range_detail::value_t<Out>>(last - first, dfirst,
                                                          dout, false);
}

/// (How many elements copy writes from out on: reverse mode records them
/// where out is not a container ddx can name.)
template <class It, class Out>
std::ptrdiff_t copy_written(It first, It last, Out) {
  return last - first;
}

// copy_n(first, n, out): out_k = x_k for k < n.

// (copy of [first, first + n): the ranges are random-access.)

template <class It, class Size, class Out>
std::ptrdiff_t copy_n_written(It, Size n, Out) {
  return n > 0 ? static_cast<std::ptrdiff_t>(n) : 0;
}

template <class It, class Size, class Out, class D, class DSize, class DOut>
Out copy_n_pushforward(DDX_RANGE It first, Size n, DDX_OUTPUT_RANGE Out out,
                       D dfirst, DSize, DOut dout) {
  std::ptrdiff_t m = copy_n_written(first, n, out);
  return copy_pushforward(first, first + m, out, dfirst, dfirst, dout);
}

template <class It, class Size, class Out, class D, class DSize, class DOut>
void copy_n_pullback(DDX_RANGE It first, Size n, DDX_OUTPUT_RANGE Out out,
                     D dfirst, DSize, DOut dout) {
  std::ptrdiff_t m = copy_n_written(first, n, out);
  copy_pullback(first, first + m, out, dfirst, dfirst, dout);
}

// copy_backward(first, last, out_last): the range ends at out_last, copied
// last element first (out may end after last in the same range).

template <class It, class Out, class D, class DEnd, class DOut>
Out copy_backward_pushforward(DDX_RANGE It first, DDX_RANGE It last,
                              DDX_OUTPUT_RANGE Out out, D dfirst, DEnd,
                              DOut dout) {
  using T = range_detail::value_t<It>;
  std::ptrdiff_t n = last - first;
  for (std::ptrdiff_t k = n; k-- > 0;) {
    out[k - n] = first[k];
    dout[k - n] = range_detail::read<T>(dfirst, k);
  }
  return out - n;
}

template <class It, class Out, class D, class DEnd, class DOut>
void copy_backward_pullback(DDX_RANGE It first, DDX_RANGE It last,
                            DDX_OUTPUT_RANGE Out, D dfirst, DEnd, DOut dout) {
  std::ptrdiff_t n = last - first;
  range_detail::move_adjoints<range_detail::value_t<It>,
                              range_detail::value_t<Out>>(n, dfirst, dout - n,
                                                          true);
}

// fill(first, last, v): x_k = v for each element.

template <class It, class T, class D, class DEnd>
void fill_pushforward(DDX_OUTPUT_RANGE It first, DDX_OUTPUT_RANGE It last,
                      const T &value, D dfirst, DEnd,
                      ::ddx::tangent_t<T> dvalue) {
  for (; first != last; ++first, ++dfirst) {
    *first = value;
    *dfirst = dvalue;
  }
}

template <class It, class T, class D, class DEnd>
void fill_pullback(DDX_OUTPUT_RANGE It first, DDX_OUTPUT_RANGE It last,
                   const T &, D dfirst, DEnd, ::ddx::tangent_t<T> &dvalue) {
  dvalue += range_detail::take_adjoints<T, range_detail::value_t<It>>(
      last - first, dfirst);
}

template <class It, class T>
std::ptrdiff_t fill_written(It first, It last, const T &) {
  return last - first;
}

// fill_n(first, n, v): x_k = v for k < n.

// (fill of [first, first + n).)

template <class It, class Size, class T>
std::ptrdiff_t fill_n_written(It, Size n, const T &) {
  return n > 0 ? static_cast<std::ptrdiff_t>(n) : 0;
}

template <class It, class Size, class T, class D, class DSize>
It fill_n_pushforward(DDX_OUTPUT_RANGE It first, Size n, const T &value,
                      D dfirst, DSize, ::ddx::tangent_t<T> dvalue) {
  std::ptrdiff_t m = fill_n_written(first, n, value);
  fill_pushforward(first, first + m, value, dfirst, dfirst, dvalue);
  return first + m;
}

template <class It, class Size, class T, class D, class DSize>
void fill_n_pullback(DDX_OUTPUT_RANGE It first, Size n, const T &value,
                     D dfirst, DSize, ::ddx::tangent_t<T> &dvalue) {
  fill_pullback(first, first + fill_n_written(first, n, value), value, dfirst,
                dfirst, dvalue);
}

} // namespace ddx::rules

#endif // DDX_RULES_ALGORITHM_HPP
