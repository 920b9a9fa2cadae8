// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:34: ddx cannot record the values 'std::copy_backward' overwrites here for the reverse sweep
// EXPECT-NOTE: 14:34: write the results into a local std::vector or array
// Case: std::copy_backward writing through a pointer parameter, in a callee
// differentiated in reverse mode. The reverse sweep must put back what the
// call overwrote before pulling it back; behind a pointer, only a rule that
// says how many elements it writes from its output on (copy_written,
// transform_written) lets ddx record them, and copy_backward's output ends
// at its argument: refused at the output argument.
#include <ddx/ddx.hpp>
#include <algorithm>

void shift(const double *x, double *y, int n) {
  std::copy_backward(x, x + n, y + n);
}

double f(double a) {
  double x[2] = {a, 2 * a};
  double y[2];
  shift(x, y, 2);
  return y[0] * y[1];
}

int main() {
  auto [v, da] = ddx::gradient(f, ddx::active(0.5));
  return v + da > 0;
}
