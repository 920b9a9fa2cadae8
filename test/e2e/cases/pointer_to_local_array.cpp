// Case: a local pointer into a local array, written through and read
// through (the array gets its derivative from what the pointer writes),
// and a pointer switched between two arrays in a loop. Both modes against
// finite differences.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>

double f(double a, double b) {
  double w[3];
  double *p = w;
  p[0] = a;
  p[1] = b * a;
  p[2] = std::sin(b);
  double s = 0;
  for (int i = 0; i < 3; ++i) {
    s += p[i] * p[i];
    p[i] = s;
  }
  double u[2] = {a, b}, v[2] = {b * b, a};
  double *q = u;
  for (int i = 0; i < 4; ++i) {
    if (i % 2)
      q = u;
    else
      q = v;
    s += q[0] * q[1] * 0.1 * s + q[1];
    q[1] = s * a;
  }
  return s + w[2] + u[1];
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
