// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:5: goto
// Case: a goto in a function called (two levels down) by the request target is rejected
#include <ddx/ddx.hpp>

double helper(double x, int n) {
  double s = 1.0;
  int i = 0;
loop:
  if (i < n) {
    s *= x;
    ++i;
    goto loop;
  }
  return s;
}

double middle(double x) { return helper(x, 3) + x; }

double f(double x, double k) { return k * middle(x); }

int main() {
  double x = 0.5, k = 2.0;
  auto [v, dx] = ddx::gradient(f, ddx::active(x), k);
  return v + dx > 0.0 ? 0 : 1;
}
