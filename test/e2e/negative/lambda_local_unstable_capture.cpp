// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:8: captures 'w' by value and 'w' changes
// Case: a lambda local inside differentiated code captures a std::vector by
// value and the vector changes afterwards: a captured double or struct of
// doubles is copied where the lambda is made (case lambda_capture_snapshot),
// a container is not; refused with the reason (the message used to be a
// bare "cannot differentiate this expression (LambdaExpr)")
#include <ddx/ddx.hpp>
#include <vector>
double f(double x, double y) {
  std::vector<double> w(2);
  w[0] = x;
  auto g = [w](double t) { return t * w[0]; };
  w[0] = 2 * y;
  return g(x) + w[0];
}
int main() { auto [v, dx, dy] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0)); return v > dx + dy; }
