// Case: value-carrying constructs the docs/language.md table lists that
// other cases do not reach: std::swap of scalars and of structs, structs in
// a std::vector (whole elements assigned from a local, from a temporary and
// from another element, a local initialised from an element, member
// writes), and a struct read through a pointer into the vector. Forward and
// reverse mode, checked against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <utility>
#include <vector>
#include "check.hpp"

struct S {
  double x, v;
};

double swap_scalars(double a, double b) {
  double u = a * b, w = a + b;
  std::swap(u, w);
  return u * 3 + w * w;
}

double swap_structs(double a, double b) {
  S p{a, b}, q{b * 2, a};
  std::swap(p, q);
  return p.x * q.v + std::sin(p.v);
}

double vector_of_structs(double a, double b) {
  std::vector<S> ps(4);
  for (int i = 0; i < 4; ++i) {
    ps[i].x = a * i;
    ps[i].v = b + i;
  }
  S t = ps[1];     // a local from an element
  ps[2] = t;       // an element from a local
  ps[0] = S{b, a}; // an element from a temporary
  ps[3] = ps[0];   // an element from an element
  const S *last = &ps[3];
  double s = last->x * last->v;
  for (int i = 0; i < 4; ++i)
    s += ps[i].x * ps[i].v;
  return s;
}

int main() {
  const double a = 1.2, b = 0.7;
  auto [y, da, db] = ddx::gradient(swap_scalars, ddx::active(a), ddx::active(b));
  auto [y1, ta] = ddx::derivative(swap_scalars, ddx::dual(a, 1.0), b);
  check::near("swap value", y, swap_scalars(a, b), 1e-12);
  check::fd("swap d/da", da, [&](double h) { return swap_scalars(a + h, b); });
  check::fd("swap d/db", db, [&](double h) { return swap_scalars(a, b + h); });
  check::fd("swap d/da fwd", ta, [&](double h) { return swap_scalars(a + h, b); });
  (void)y1;

  auto [z, za, zb] = ddx::gradient(swap_structs, ddx::active(a), ddx::active(b));
  auto [z1, ub] = ddx::derivative(swap_structs, a, ddx::dual(b, 1.0));
  check::near("swap structs value", z, swap_structs(a, b), 1e-12);
  check::fd("swap structs d/da", za, [&](double h) { return swap_structs(a + h, b); });
  check::fd("swap structs d/db", zb, [&](double h) { return swap_structs(a, b + h); });
  check::fd("swap structs d/db fwd", ub, [&](double h) { return swap_structs(a, b + h); });
  (void)z1;

  auto [w, wa, wb] = ddx::gradient(vector_of_structs, ddx::active(a), ddx::active(b));
  auto [w1, va] = ddx::derivative(vector_of_structs, ddx::dual(a, 1.0), b);
  auto [w2, vb] = ddx::derivative(vector_of_structs, a, ddx::dual(b, 1.0));
  check::near("vector value", w, vector_of_structs(a, b), 1e-12);
  check::fd("vector d/da", wa, [&](double h) { return vector_of_structs(a + h, b); });
  check::fd("vector d/db", wb, [&](double h) { return vector_of_structs(a, b + h); });
  check::fd("vector d/da fwd", va, [&](double h) { return vector_of_structs(a + h, b); });
  check::fd("vector d/db fwd", vb, [&](double h) { return vector_of_structs(a, b + h); });
  (void)w1;
  (void)w2;
  return check::finish();
}
