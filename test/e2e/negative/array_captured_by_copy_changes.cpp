// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:8: the lambda captures 'a' by value and 'a' changes in this
// EXPECT-NOTE: 13:10: capture it by reference, or make it const
// Case: a lambda copies a local array into its closure, and an element of
// the array changes before the lambda is called. ddx passes an array
// captured by copy where the lambda is called (like any capture by value),
// so the lambda would read the new element: refused at the lambda, saying
// how to write it instead.
#include <ddx/ddx.hpp>

template <class F> double apply(F f, double a) { return f(a); }
double f(double x0, double x1) {
  double a[2] = {x0, x1};
  auto g = [=](double t) { return a[0] * t + a[1]; };
  a[0] = 3 * x1;
  return apply(g, x0) + a[0];
}

int main() {
  auto [y, d0, d1] = ddx::gradient(f, ddx::active(1.3), ddx::active(0.7));
  return y + d0 + d1 > 0;
}
