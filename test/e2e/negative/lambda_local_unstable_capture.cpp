// EXPECT-EXIT: 1
// EXPECT-DIAG: 9:8: captures 'k' by value and 'k' changes
// Case: a lambda local inside differentiated code captures k by value and
// k changes afterwards: refused with the reason (the message used to be a
// bare "cannot differentiate this expression (LambdaExpr)")
#include <ddx/ddx.hpp>
double f(double x, double y) {
  double k = x;
  auto g = [k](double t) { return t * k; };
  k = 2 * y;
  return g(x) + k;
}
int main() { auto [v, dx, dy] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0)); return v > dx + dy; }
