// EXPECT-EXIT: 1
// EXPECT-DIAG: 12:62: option
// Case: a request that asks for the derivative with respect to a parameter
// marked DDX_OPTION
#include <ddx/ddx.hpp>

double scaled(double x, DDX_OPTION double tol) {
  return x * x + tol;
}

int main() {
  auto [y, dx, dt] = ddx::gradient(scaled, ddx::active(1.0), ddx::active(1e-8));
  return y > dx + dt;
}
