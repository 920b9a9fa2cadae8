// EXPECT-EXIT: 1
// EXPECT-DIAG: 15:14: evaluates 'buf.n...' again, and that changes a variable again
// EXPECT-NOTE: 15:14: step the index in a statement of its own
// Case: a store whose target steps its own index (`buf[n++] = v`) in a
// loop, in reverse mode: restoring the overwritten value would evaluate
// the target, and step n, again. Refused, saying so (the message once
// spoke of a call and a member, which the store has neither of).
#include <cmath>
#include <ddx/ddx.hpp>

double f(double x, double y) {
  double buf[4] = {0, 0, 0, 0};
  int n = 0;
  for (int i = 0; i < 3; ++i)
    buf[n++] = std::exp(-x * i) * y;
  return buf[0] * buf[1] + buf[2];
}

int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(0.7), ddx::active(1.3));
  return v + dx + dy > 0 ? 0 : 1;
}
