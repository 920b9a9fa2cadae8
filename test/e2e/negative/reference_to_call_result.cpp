// EXPECT-EXIT: 1
// EXPECT-DIAG: 11:11: local reference bound to what a call returns
// Case: a local reference bound to what a reference-returning function
// returns: it used to stand for the call, re-evaluated at every use (the
// value came out 31.5 instead of 3.56, the derivatives 1 instead of 10 and
// 71); it is refused
#include <ddx/ddx.hpp>

double &pick(double &a, double &b, bool first) { return first ? a : b; }
double f(double x, double y) {
  double &k = pick(x, y, x > y);
  k = k * k + 1.0;
  return k + x * y;
}
int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(1.5), ddx::active(0.5));
  return dx > 0 && dy > 0 && v > 0;
}
