// EXPECT-EXIT: 1
// EXPECT-DIAG: 10:20: duplicated
// Case: ddx::active for a non-const double& parameter is rejected; the message points to ddx::duplicated
#include <ddx/ddx.hpp>

void f(double& y) { y = y * y + 1.0; }

int main() {
  double y = 0.5;
  ddx::gradient(f, ddx::active(y));
  return y > 0.0 ? 0 : 1;
}
