// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:14: evaluates 'buf.n...' again, and that changes a variable again
// EXPECT-NOTE: 16:14: step the index in a statement of its own
// Case: a store whose target steps its own index (`buf[n++] = v`) in a
// loop, in reverse mode, where the index is also read through a pointer:
// restoring the overwritten value would evaluate the target, and step n,
// again. Refused, saying so. (Without the pointer, the step follows the
// store: see reverse_steps_and_covered_saves.)
#include <cmath>
#include <ddx/ddx.hpp>

double f(double x, double y) {
  double buf[4] = {0, 0, 0, 0};
  int n = 0, *count = &n;
  for (int i = 0; i < 3; ++i)
    buf[n++] = std::exp(-x * i) * y;
  return buf[0] * buf[1] + buf[2] * *count;
}

int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(0.7), ddx::active(1.3));
  return v + dx + dy > 0 ? 0 : 1;
}
