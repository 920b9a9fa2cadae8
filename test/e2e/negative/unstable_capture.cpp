// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:32: changes in this function
// Case: a lambda in a variable captures k by value, and k changes before the
// request; ddx passes captures at the request, so it refuses rather than
// differentiate with a different k
#include <ddx/ddx.hpp>

int main() {
  double k = 2.0;
  auto f = [k](double x) { return k * x * x; };
  k = 3.0;
  double x = 0.5;
  auto [y, dx] = ddx::gradient(f, ddx::active(x));
  return y > dx;
}
