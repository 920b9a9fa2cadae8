// EXPECT-EXIT: 1
// EXPECT-DIAG: 12:28: ddx cannot record the values 'std::transform' overwrites here for the reverse sweep
// EXPECT-NOTE: 12:28: write the results into a local std::vector or array
// Case: std::transform writing through a pointer parameter, in a callee
// differentiated in reverse mode. The reverse sweep must put back what the
// call overwrote before pulling it back, and the extent behind a pointer is
// not known at transformation time: refused at the output argument.
#include <ddx/ddx.hpp>
#include <algorithm>

void scale(const double *x, double *y, int n, double k) {
  std::transform(x, x + n, y, [k](double t) { return k * t; });
}

double f(double a) {
  double x[2] = {a, 2 * a};
  double y[2];
  scale(x, y, 2, a);
  return y[0] * y[1];
}

int main() {
  auto [v, da] = ddx::gradient(f, ddx::active(0.5));
  return v + da > 0;
}
