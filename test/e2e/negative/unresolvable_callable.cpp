// EXPECT-EXIT: 1
// EXPECT-DIAG: 15:16: cannot resolve the callable
// Case: a function pointer chosen at run time inside differentiated code is
// an error at transformation time, never a silent zero derivative
#include <ddx/ddx.hpp>
#include <cmath>

double apply(double (*h)(double), double x) { return h(x) * x; }
double sq(double x) { return x * x; }
double cube(double x) { return x * x * x; }
double f(double x, int which) {
  double (*h)(double) = sq;
  if (which > 0)
    h = cube;
  return apply(h, x);
}

int main() {
  auto [y, dx] = ddx::gradient(f, ddx::active(0.5), 1);
  return y > dx;
}
