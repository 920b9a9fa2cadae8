// EXPECT-EXIT: 1
// EXPECT-DIAG: 11:10: variable-length array
// Case: a variable-length array sized from a parameter (a GNU extension):
// hoisting would declare it before its size is known, which gave a wrong
// value (33.4 where 18 is right); it is refused
#include <ddx/ddx.hpp>

double f(double x, int m) {
  int n = m + 1;
  double s = 0;
  double arr[n];
  for (int i = 0; i < n; ++i)
    arr[i] = x * i;
  for (int i = 0; i < n; ++i)
    s += arr[i] * x;
  return s;
}
int main() {
  auto [y, dx] = ddx::gradient(f, ddx::active(1.5), 3);
  return dx > 0 && y > 0;
}
