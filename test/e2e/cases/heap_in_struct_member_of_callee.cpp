// Case: heap memory held in a struct member of a callee differentiated in
// reverse mode (split into forward and reverse sweeps): the struct's
// shadow, which holds the shadow memory's address, goes to the reverse
// sweep on the tape with the struct (its pointer was null there before).
// Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
struct H {
  double *buf;
  int n;
};
static double inner(double a, double b) {
  H h;
  h.n = 3;
  h.buf = new double[3];
  for (int i = 0; i < h.n; ++i)
    h.buf[i] = a * (i + 1) + std::sin(b * i);
  double s = 0;
  for (int i = 0; i < h.n; ++i)
    s += h.buf[i] * h.buf[i];
  delete[] h.buf;
  return s;
}
double f(double a, double b) { return inner(a, b) * a + inner(b, a); }
int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
