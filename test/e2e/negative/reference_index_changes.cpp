// EXPECT-EXIT: 1
// EXPECT-DIAG: 11:11: 'i', which says what it refers to, changes
// Case: a local reference to an array element whose index changes while
// the reference is in scope: its uses must not re-read a[i] with the new i
#include <ddx/ddx.hpp>

double f(double x) {
  double a[3] = {x, 2 * x, 3 * x};
  int i = 0;
  double s = 0;
  double &e = a[i];
  i = 2;
  e = e * x;
  s = e + a[i];
  return s;
}
int main() {
  auto [y, dx] = ddx::gradient(f, ddx::active(1.5));
  return dx > 0 && y > 0;
}
