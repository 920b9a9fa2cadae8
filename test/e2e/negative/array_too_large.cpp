// EXPECT-EXIT: 1
// EXPECT-DIAG: 12:34: this one has 2147483647 elements
// EXPECT-NOTE: 12:34: use a std::vector sized at run time
// Case: a fuzz mutant (hof_q_array_capture with a size changed to
// 0x7fffffff): lowering initialises an array element by element, and ran
// for minutes on this one; refused at once instead.
#include <ddx/ddx.hpp>
#include <array>
#include <cmath>

double f(double x) {
  std::array<double, 0x7fffffff> a;
  a[0] = x;
  return std::sin(a[0]);
}

int main() {
  auto [y, dx] = ddx::gradient(f, ddx::active(0.5));
  return y > dx;
}
