// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:21: ddx cannot differentiate a store into 'x > 0.5 . a : b' yet: ddx follows a store from the variable it starts at
// EXPECT-NOTE: 13:21: store with if and else instead
// Case: a compound assignment to a variable chosen by ?: between two
// locals (`(x > 0.5 ? a : b) *= y`). ddx follows each store from the
// variable it starts at; refused, saying so (the message once called the
// locals a global).
#include <ddx/ddx.hpp>

double f(double x, double y) {
  double a = x, b = y;
  // (either local)
  (x > 0.5 ? a : b) *= y;
  return a * b;
}

int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(0.7), ddx::active(1.3));
  return v + dx + dy > 0 ? 0 : 1;
}
