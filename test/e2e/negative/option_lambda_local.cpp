// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:29: is a lambda passed to 'std::min' as an option
// EXPECT-NOTE: 14:29: pass a function object
// Case: a comparator held in a lambda local, passed to std::min (an
// option of its rule: called, never differentiated). Generated code keeps
// no lambda objects, so there is nothing to pass (the output named the
// dropped local and did not compile): refused at the argument.
#include <ddx/ddx.hpp>
#include <algorithm>
#include <cmath>

double f(double a, double b) {
  auto by_abs = [](double x, double y) { return std::fabs(x) < std::fabs(y); };
  return std::min(a * b, b, by_abs);
}

int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(-1.5), ddx::active(0.7));
  return y + da + db > 0;
}
