// EXPECT-EXIT: 1
// EXPECT-DIAG: 21:3: ddx cannot differentiate this call of 'std::adjacent_difference': it has no derivative rule
// EXPECT-NOTE: bits/stl_numeric.h:353:14: operator '++'
// EXPECT-NOTE: 21:3: while differentiating 'adjacent_difference', called here
// EXPECT-NOTE: 21:3: 'std::adjacent_difference' has no derivative rule, so ddx differentiated its library source; write a rule
// Case: a standard algorithm without a derivative rule, whose library
// source ddx walks into and cannot differentiate (it steps iterators with
// operator++). The error is said at the user's call, naming the library
// function; what its source does is a note at the library's line (once,
// however many such things the source does), then the call chain.
#include <ddx/ddx.hpp>
#include <numeric>
#include <vector>

double f(double a) {
  std::vector<double> v{a, 2 * a, a * a, 1.0};
  std::vector<double> w(4);
  double s = 0;
  for (double x : v)
    s += x;
  std::adjacent_difference(v.begin(), v.end(), w.begin());
  return s + w[2];
}

int main() {
  auto [y, d] = ddx::gradient(f, ddx::active(1.5));
  return y + d > 0 ? 0 : 1;
}
