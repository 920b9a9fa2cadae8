// EXPECT-EXIT: 1
// EXPECT-DIAG: 25:14: ddx cannot differentiate this call yet: 'u' is passed to the const reference 'b' and also to 'a', through which 'mul_add' may change it
// EXPECT-NOTE: 25:11: copy the value into a local first and pass the copy
// EXPECT-DIAG: 26:19: 'w' is passed to the const reference 'n' and also to 'p'
// Case: the same variable passed to a const reference parameter and to a
// reference or pointer parameter the callee writes through. In C++ the
// const reference sees the callee's writes; generated code takes a const
// reference as a value that does not change during the call (its
// derivative is passed alike), so ddx once gave a wrong value and
// derivative (mul_add(u, u): 3.12 instead of 3.64). Refused at the call.
#include <ddx/ddx.hpp>

void mul_add(double &a, const double &b) {
  a = a * b;
  a += b;
}
void norm_inplace(double *p, const double &n, int k) {
  for (int i = 0; i < k; ++i)
    p[i] = p[i] / n;
}
double f(double x, double y) {
  double u = x;
  double w[2] = {x, y};
  double v = y;
  mul_add(u, u);
  norm_inplace(w, w[0], 2);
  mul_add(v, u); // (different variables: fine)
  return u * y + w[1] + v;
}
int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(0.7), ddx::active(1.3));
  return v + dx + dy > 0 ? 0 : 1;
}
