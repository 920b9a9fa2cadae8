// EXPECT-EXIT: 1
// EXPECT-DIAG: 18:12: ddx cannot differentiate this lambda yet: it captures 'c', and so does a lambda it calls, and 'c' changes
// EXPECT-NOTE: 15:10: copy 'c' into a variable of its own
// Case: a lambda that captures c and calls another lambda that captured c
// before c changed. ddx passes a lambda's captures, and those of the
// lambdas it calls, as parameters keyed by the variable captured, so the
// two captures of c became one: the inner lambda read the outer one's c
// (value 3.9 instead of 2.7, d/dx 0 instead of 2, without a word). Refused
// where c changes; when it does not, the two captures hold one value and
// are differentiated (hof_lambda_captures_lambda).
#include <ddx/ddx.hpp>

double f(double x, double y) {
  // (c is declared on line 15)
  double c = x;
  auto g = [c](double t) { return c * t; };
  c = y;
  auto h = [=](double t) { return g(t) + c; };
  return h(2.0);
}

int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(0.7), ddx::active(1.3));
  return v + dx + dy > 0 ? 0 : 1;
}
