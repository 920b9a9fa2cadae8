// EXPECT-EXIT: 1
// EXPECT-DIAG: 10:35: is not a local variable or a parameter
// Case: a callee stores an active value in a global that the caller reads:
// ddx keeps no derivative for a global, so the derivative was 0; it is
// refused where the value is stored
#include <ddx/ddx.hpp>

double g_scale = 1.0;

void remember(double v) { g_scale = v * v; }
double f(double x) {
  remember(x);
  return g_scale * 3.0;
}
int main() {
  auto [y, dx] = ddx::gradient(f, ddx::active(1.5));
  auto [y2, tx] = ddx::derivative(f, ddx::dual(1.5, 1.0));
  return dx > 0 && tx > 0 && y > 0 && y2 > 0;
}
