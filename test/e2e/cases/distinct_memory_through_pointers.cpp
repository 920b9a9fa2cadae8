// Case: calls that pass one piece of memory to a const reference and
// another to a parameter the callee writes, where either is reached through
// a pointer: an array through a pointer copy with another array's element
// (`scale(pp, q[0])`), two members of one struct, elements of two separate
// heap arrays, and an object a unique_ptr owns with what a shared_ptr owns.
// ddx refuses the same memory reached both ways (aliased_pointer_copies);
// distinct memory is differentiated as written. Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <memory>

static void mul_add(const double &a, double &b) { b = b * a + a; }
static void scale(double *p, const double &s) {
  p[0] *= s;
  p[1] *= s;
}
struct S {
  double a, b;
};
struct Acc {
  double s = 0;
  void add(const double &v) { s += v * v; }
};

double f(double x, double y) {
  double q[2] = {x, 3 * y};
  double p[2] = {2 * x, y};
  double *pp = p;
  scale(pp, q[0]);
  S s{x, 2 * y};
  mul_add(s.a, s.b);
  double *u = new double[2];
  double *w = new double[2];
  u[0] = x * y;
  w[0] = 2 * x;
  double *uu = u; // (a copy of u: still not w's memory)
  mul_add(uu[0], w[0]);
  auto a = std::make_unique<Acc>();
  auto b = std::make_shared<double>(std::sin(x) * y);
  a->add(*b);
  double r = p[0] + p[1] + s.b + w[0] + a->s;
  delete[] u;
  delete[] w;
  return r;
}

int main() {
  const double x = 0.7, y = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::two_inputs("f", f, x, y, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
