// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:12: a do-while loop whose condition changes a variable
// EXPECT-NOTE: 16:12: change the variable at the end of the body
// Case: a do-while loop whose condition steps the counter the body reads.
// ddx lifts such steps out of if, while and for conditions (the reverse
// sweep must see them); a do-while's condition runs after the body, which
// it does not rewrite yet: refused at the condition, saying how to write
// the loop instead.
#include <ddx/ddx.hpp>

double f(double a, double b) {
  int i = 0;
  double s = 0;
  do {
    s += a * i;
  } while (++i < 3);
  return s * b;
}

int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0));
  return y + da + db > 0;
}
