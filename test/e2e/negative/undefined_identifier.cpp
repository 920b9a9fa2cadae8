// EXPECT-EXIT: 1
// EXPECT-DIAG: 8:14: undeclared identifier
// Case: use of an undeclared identifier in the target is reported with Clang's own message
#include <ddx/ddx.hpp>

double f(double x) {
  double y = x * x;
  return y * scale_factor;
}

int main() {
  double x = 0.5;
  auto [v, dx] = ddx::gradient(f, ddx::active(x));
  return v + dx > 0.0 ? 0 : 1;
}
