// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:17: a '?:' that chooses between objects (not values) and makes a call
// Negative: a '?:' that chooses between objects (bound to a reference
// parameter) and makes a call: lowering's temporary would be a copy, so the
// callee would update the copy; it is refused
#include <ddx/ddx.hpp>

int pick(double x) { return x > 1.0 ? 1 : 0; }
void scale(double &v, double s) { v *= s; }

double f(double x, double y) {
  double a[2] = {x, y};
  double b = y;
  scale(x > 0.5 ? a[pick(x)] : b, x * y);
  return a[0] + a[1] + b;
}

int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(1.5), ddx::active(0.5));
  return v > 0 ? 0 : 1;
}
