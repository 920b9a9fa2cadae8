// EXPECT-EXIT: 1
// EXPECT-DIAG: 15:39: the shadow of 'x' has type 'float
// EXPECT-DIAG: 17:64: the shadow of 'y' has type 'const double
// Case: a ddx::duplicated shadow whose type is not the parameter's: float
// adjoints for a double array (the output did not compile), and a const
// array that cannot receive the adjoints
#include <ddx/ddx.hpp>

void f(const double *x, double *y) { y[0] = x[0] * x[1]; }

int main() {
  double x[2] = {1, 2}, y[1];
  float dx[2] = {0, 0};
  double dy[1] = {1}, dx2[2] = {0, 0};
  ddx::gradient(f, ddx::duplicated(x, dx), ddx::duplicated(y, dy));
  const double cy[1] = {1};
  ddx::gradient(f, ddx::duplicated(x, dx2), ddx::duplicated(y, cy));
  return 0;
}
