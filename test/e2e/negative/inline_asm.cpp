// EXPECT-EXIT: 1
// EXPECT-DIAG: 8:3: asm
// Case: inline assembly inside the differentiated function is rejected
#include <ddx/ddx.hpp>

double f(double x) {
  double y = x * x;
  asm volatile("" ::: "memory");
  return y + x;
}

int main() {
  double x = 0.5;
  auto [v, dx] = ddx::gradient(f, ddx::active(x));
  return v + dx > 0.0 ? 0 : 1;
}
