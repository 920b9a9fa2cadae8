// EXPECT-EXIT: 1
// EXPECT-DIAG: 12:6: an assignment inside an expression here
// Case: an assignment whose result is used as storage, not read for its
// value (`(x = a) *= 2`): lowering lifts out assignments whose value is
// read (`y = x = a`, `s += (a *= k)`, see assignments_in_expressions), and
// refuses this one where it stands.
#include <ddx/ddx.hpp>

double twice(double a) {
  double x = 0;
  double y = a;
  (x = a) *= 2;
  return x * y;
}

int main() {
  auto [v, dx] = ddx::gradient(twice, ddx::active(0.5));
  return v + dx > 0 ? 0 : 1;
}
