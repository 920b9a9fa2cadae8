// EXPECT-EXIT: 1
// EXPECT-DIAG: 11:9: values of the class 'Range'
// Case: a class whose constructor the user wrote, holding active values:
// its shadow would be built by that constructor (not zeros), and a class
// with an array member was taken for a container (the output did not
// compile); refused until classes are supported
#include <ddx/ddx.hpp>

struct Range { double a[2]; Range() : a{1.0, 2.0} {} };
double f(double x) {
  Range r;
  r.a[1] = r.a[0] * x;
  return r.a[1] * x;
}
int main() {
  auto [y, dx] = ddx::gradient(f, ddx::active(1.5));
  auto [y2, t] = ddx::derivative(f, ddx::dual(1.5, 1.0));
  return y + dx + y2 + t > 0;
}
