// EXPECT-EXIT: 1
// EXPECT-DIAG: 12:5: goto
// Case: a goto inside the differentiated function is rejected
#include <ddx/ddx.hpp>

double f(double x) {
  double s = x;
  int i = 0;
again:
  s = s * x + 1.0;
  if (++i < 3)
    goto again;
  return s;
}

int main() {
  double x = 0.5;
  auto [v, dx] = ddx::gradient(f, ddx::active(x));
  return v + dx > 0.0 ? 0 : 1;
}
