// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:31: the callable reads, through 'y', memory the call writes
// EXPECT-NOTE: 14:31: copy what the callable reads into a local first
// Case: an in-place std::transform through a pointer parameter whose lambda
// reads the range through the pointer it captures (y[0], which the call
// overwrites first). Reverse mode records the elements the call writes
// (the rule's _written function) and puts them back before the pullback,
// which runs the lambda again: it would read y[0] as it was before the
// call, not as each primal call saw it. Refused at the callable.
#include <ddx/ddx.hpp>
#include <algorithm>

void normalize(double *y, int n) {
  std::transform(y, y + n, y, [y](double t) { return t / y[0]; });
}

double f(double a) {
  double v[3] = {a, 2 * a, a * a};
  normalize(v, 3);
  return v[1] + v[2];
}

int main() {
  auto [v, d] = ddx::gradient(f, ddx::active(0.7));
  return v + d > 0;
}
