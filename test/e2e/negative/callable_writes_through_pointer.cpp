// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:37: the callable passed to 'std::for_each' writes through 'p', which ddx cannot put back for the reverse sweep
// EXPECT-NOTE: 16:37: capture the variable it writes by reference
// Case: a lambda passed to std::for_each that updates a local through a
// captured pointer. The pullback runs the lambda's steps again from the
// state before the call, which ddx restores for what a lambda captures by
// reference; what it writes through a pointer is not restored, so the
// reverse sweep would start from the state after the call (a silent wrong
// gradient: 3.88 where 3.77 is right). Refused at the callable.
#include <algorithm>
#include <ddx/ddx.hpp>
#include <vector>
double f(double a, double b) {
  std::vector<double> v{a, b};
  double s = a + b, *p = &s;
  std::for_each(v.begin(), v.end(), [p](double x) { *p = *p * x; });
  return s;
}
int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(0.8), ddx::active(1.3));
  return y + da + db > 0;
}
