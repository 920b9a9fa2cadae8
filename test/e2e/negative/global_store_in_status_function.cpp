// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:5: an active value is stored in 'g', which is not a local variable or a parameter
// Case: a function that returns a status code and stores its real result
// in a global. The status is an integer and carries no derivative, but the
// call is still differentiated for what it stores: the store into the
// global is refused (finite differences: 4) rather than the call being
// left as primal code and the derivative read as 0.
#include <ddx/ddx.hpp>

double g;

int step(double x) {
  g = x * x;
  return 0;
}

double f(double x) {
  int rc = step(x);
  if (rc)
    return 0;
  return g;
}

int main() {
  auto [v, d] = ddx::gradient(f, ddx::active(2.0));
  return v + d > 0 ? 0 : 1;
}
