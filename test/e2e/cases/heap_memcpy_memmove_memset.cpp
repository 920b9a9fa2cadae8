// Case: memcpy, memmove and memset of floating-point data, between local
// arrays and heap memory, in a loop that shifts a window and in a callee:
// the shadow is copied (forward) or its adjoint flows back to the source
// (reverse), and what each call overwrites is put back for the reverse
// sweep. Both modes against finite differences.
#include "check.hpp"
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ddx/ddx.hpp>

static double tail_sum(const double *x, int n) {
  double *copy = new double[n];
  std::memcpy(copy, x, n * sizeof(double));
  copy[0] *= 2;
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += copy[i] * x[i];
  delete[] copy;
  return s;
}

double f(double a, double b) {
  double w[4] = {a, b, a * b, std::exp(a)};
  double *h = static_cast<double *>(std::malloc(4 * sizeof(double)));
  std::memcpy(h, w, sizeof w);
  double s = 0;
  for (int k = 0; k < 3; ++k) {
    std::memmove(h + 1, h, 3 * sizeof(double)); // shift right by one
    h[0] = std::sin(h[1] * b);
    s += h[3] * h[0];
  }
  std::memset(w, 0, 2 * sizeof(double));
  w[0] = s * a;
  s += tail_sum(h, 4) + w[0] * w[1] + w[2];
  std::free(h);
  return s;
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
