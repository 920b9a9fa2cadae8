// EXPECT-EXIT: 1
// EXPECT-DIAG: 9:10: function pointer
// Case: a call through a function pointer inside differentiated code is an
// error at transformation time, never a silent zero derivative
#include <ddx/ddx.hpp>
#include <cmath>

double apply(double (*h)(double), double x) {
  return h(x) * x;
}
double sq(double x) { return x * x; }
double f(double x) { return apply(sq, x); }

int main() {
  auto [y, dx] = ddx::gradient(f, ddx::active(0.5));
  return y > dx;
}
