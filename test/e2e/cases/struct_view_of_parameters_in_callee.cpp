// Case: a callee differentiated in reverse mode holds a view struct of its
// pointer parameters (a 'const double *' member read, a 'double *' member
// written). The view's shadow goes to the reverse sweep with the view, and
// the adjoint is accumulated through the const member with its const cast
// away (the output did not compile before). Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
struct View {
  const double *x;
  double *y;
  int n;
};
static double inner(const double *x, double *y, int n) {
  View v{x, y, n};
  for (int i = 0; i < v.n; ++i)
    v.y[i] = std::sin(v.x[i]) * v.x[(i + 1) % v.n];
  double s = 0;
  for (int i = 0; i < v.n; ++i)
    s += v.y[i] * v.x[i];
  return s;
}
double f(double a, double b) {
  double x[3] = {a, b, a * b};
  double y[3] = {0, 0, 0};
  double s = inner(x, y, 3);
  return s * a + y[1];
}
int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
