// EXPECT-EXIT: 1
// EXPECT-DIAG: 12:19: passed to 'memcpy'
// Case: an active value copied with memcpy: ddx cannot see into memcpy, so
// the derivative would not reach the copy; it says so at the argument
// instead of differentiating the copy as a constant
#include <ddx/ddx.hpp>
#include <cstring>

double twice(double x) {
  double y = 0;
  // a bit copy of x
  std::memcpy(&y, &x, sizeof y);
  return 2 * y;
}

int main() {
  auto [v, dx] = ddx::gradient(twice, ddx::active(1.5));
  return v > dx;
}
