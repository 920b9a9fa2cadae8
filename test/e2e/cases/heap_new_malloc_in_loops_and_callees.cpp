// Case: memory from the heap: new and delete of scalars (with an initial
// value), arrays (with and without a brace list) and structs, malloc,
// calloc and free, allocated and freed in a loop and in a callee
// differentiated in reverse mode. The shadows are allocated beside, zeroed;
// reverse mode keeps freed memory for the reverse sweep. Both modes.
#include "check.hpp"
#include <cmath>
#include <cstdlib>
#include <ddx/ddx.hpp>

struct Vec3 {
  double x, y, z;
};

static double energy(const double *w, int n) {
  double *sq = (double *)std::malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i)
    sq[i] = w[i] * w[i];
  double e = 0;
  for (int i = 0; i < n; ++i)
    e += std::sqrt(sq[i] + 1.0);
  std::free(sq);
  return e;
}

double f(double a, double b) {
  int n = 4;
  double *w = new double[n];
  for (int i = 0; i < n; ++i)
    w[i] = a * (i + 1) + b;
  double *acc = new double(a * b);
  Vec3 *v = new Vec3{a, b, a - b};
  double *c = static_cast<double *>(std::calloc(n, sizeof(double)));
  double s = 0;
  for (int k = 0; k < 3; ++k) {
    double *tmp = new double[2]{w[k], std::sin(w[k + 1])};
    *acc += tmp[0] * tmp[1];
    c[k] += tmp[1] * v->z;
    v->x = v->x * tmp[0];
    delete[] tmp;
  }
  s = *acc + v->x + v->y * c[1] + energy(w, n) + c[0];
  std::free(c);
  delete v;
  delete acc;
  delete[] w;
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
