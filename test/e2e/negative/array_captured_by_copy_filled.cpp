// EXPECT-EXIT: 1
// EXPECT-DIAG: 15:8: the lambda captures 'a' by value and 'a' changes in this
// EXPECT-NOTE: 14:10: capture it by reference, or make it const
// Case: a lambda copies a local array into its closure, and std::fill then
// changes the array through the pointer it decays to. ddx passes an array
// captured by copy where the lambda is called, so a change through any
// pointer into the array (a call taking `double *`, `double *p = a`) counts
// as a change: refused at the lambda.
#include <algorithm>
#include <ddx/ddx.hpp>

template <class F> double apply(F f, double a) { return f(a); }
double f(double x0, double x1) {
  double a[2] = {x0, x1};
  auto g = [=](double t) { return a[0] * t + a[1]; };
  std::fill(a, a + 1, 3 * x1);
  return apply(g, x0) + a[0];
}

int main() {
  auto [y, d0, d1] = ddx::gradient(f, ddx::active(1.3), ddx::active(0.7));
  return y + d0 + d1 > 0;
}
