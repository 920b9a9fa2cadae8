// EXPECT-EXIT: 1
// EXPECT-DIAG: 10:3: a switch with an initializer or a condition variable yet; declare the variable in a statement before the switch
// Case: a switch with an init-statement (C++17) in differentiated code is
// refused at the switch with the rewrite to make (it used to say "this form
// of switch; use a braced body of cases", which did not fit).
#include <ddx/ddx.hpp>

double pick(double x, int k) {
  double y = x;
  switch (int j = k % 3; j) {
  case 0:
    y = x * x;
    break;
  default:
    y = 2 * x;
  }
  return y;
}

int main() {
  auto [v, dx] = ddx::gradient(pick, ddx::active(0.5), 2);
  return v + dx > 0 ? 0 : 1;
}
