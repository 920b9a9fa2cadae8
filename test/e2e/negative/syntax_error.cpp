// EXPECT-EXIT: 1
// EXPECT-DIAG: 7:19: expected
// Case: a syntax error (missing semicolon) is reported with Clang's own message
#include <ddx/ddx.hpp>

double f(double x) {
  double y = x * x
  return y + x;
}

int main() {
  double x = 0.5;
  auto [v, dx] = ddx::gradient(f, ddx::active(x));
  return v + dx > 0.0 ? 0 : 1;
}
