// ddx rules for <algorithm>: transform (one range and two) and for_each,
// with the user's callable.
//
// The callable arrives as an object ddx generates for it, the ranges as
// iterators with the same positions in their shadows as tangents or
// adjoints (docs/rules.md, "Ranges"). The output range may be the input
// (in place), as the library allows. Each element is pulled back on its
// own, last first; the reverse sweep has put back what the call overwrote
// before the pullback runs, so the pullback reads the inputs the call read.
#ifndef DDX_RULES_ALGORITHM_HPP
#define DDX_RULES_ALGORITHM_HPP

#include <algorithm>
#include <ddx/rules/detail/ranges.hpp>

namespace ddx::rules {

// transform(first, last, out, op): out_k = op(x_k)

template <class It, class Out, class Op, class D, class DEnd, class DOut>
Out transform_pushforward(DDX_RANGE It first, DDX_RANGE It last,
                          DDX_OUTPUT_RANGE Out out, DDX_CALLABLE Op op,
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
                        DDX_OUTPUT_RANGE Out, DDX_CALLABLE Op op, D dfirst,
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

// transform(first1, last1, first2, out, op): out_k = op(a_k, b_k)

template <class It1, class It2, class Out, class Op, class D1, class DEnd,
          class D2, class DOut>
Out transform_pushforward(DDX_RANGE It1 first1, DDX_RANGE It1 last1,
                          DDX_RANGE It2 first2, DDX_OUTPUT_RANGE Out out,
                          DDX_CALLABLE Op op, D1 d1, DEnd, D2 d2, DOut dout) {
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
                        DDX_CALLABLE Op op, D1 d1, DEnd, D2 d2, DOut dout) {
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

// for_each(first, last, f): f(x_k) for each element, in order; f may write
// the element (a reference parameter) or what it captures.

template <class It, class F, class D, class DEnd>
void for_each_pushforward(DDX_OUTPUT_RANGE It first, DDX_OUTPUT_RANGE It last,
                          DDX_CALLABLE F f, D dfirst, DEnd) {
  for (; first != last; ++first, ++dfirst) {
    auto &&dx = *dfirst;
    f.pushforward(*first, dx);
  }
}

template <class It, class F, class D, class DEnd>
void for_each_pullback(DDX_OUTPUT_RANGE It first, DDX_OUTPUT_RANGE It last,
                       DDX_CALLABLE F f, D dfirst, DEnd) {
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

} // namespace ddx::rules

#endif // DDX_RULES_ALGORITHM_HPP
