// EXPECT-EXIT: 1
// EXPECT-DIAG: 10:32: only declares it
// Case: the request's target is declared but not defined in this
// translation unit
#include <ddx/ddx.hpp>

double elsewhere(double x);

int main() {
  auto [y, dx] = ddx::gradient(elsewhere, ddx::active(0.5));
  return y > dx;
}
