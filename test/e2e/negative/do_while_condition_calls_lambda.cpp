// EXPECT-EXIT: 1
// EXPECT-DIAG: 18:12: a do-while loop whose condition calls a lambda
// EXPECT-NOTE: 18:12: compute the condition into a bool at the end of the body
// Case: a do-while loop whose condition calls a local lambda. Generated
// code has no primal of the lambda, so ddx lifts such calls out of if,
// while and for conditions into statements; a do-while's condition runs
// after the body, which it does not rewrite yet: refused at the condition,
// saying how to write the loop instead.
#include <ddx/ddx.hpp>

double f(double a, double b) {
  auto below = [b](double t) { return t * b < 3.0; };
  int i = 0;
  double s = 0;
  do {
    s += a * i;
    ++i;
  } while (below(i));
  return s * b;
}

int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0));
  return y + da + db > 0;
}
