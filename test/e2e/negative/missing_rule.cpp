// EXPECT-EXIT: 1
// EXPECT-DIAG: 10:10: no derivative rule
// Case: a call with an active argument to a function that is declared but never defined, with no rule
#include <ddx/ddx.hpp>

double mystery(double);

double f(double x) {
  double y = x * x;
  return mystery(y) + x;
}

int main() {
  double x = 0.5;
  auto [v, dx] = ddx::gradient(f, ddx::active(x));
  return v + dx > 0.0 ? 0 : 1;
}
