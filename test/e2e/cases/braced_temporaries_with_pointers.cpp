// Case: structs holding pointers built from braced temporaries, `Ref r =
// Ref{&u};` and `r = Ref{&w};`, then written through. Built member by
// member as `Ref r{&u};` is, so the derivative's pointer points to the
// derivative of its target: ddx once gave the derivative null pointers
// (the generated program crashed after ddx had exited 0). The assignment
// saves the members it overwrites, which the reverse sweep reads. Both
// modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>

struct Ref {
  double *p;
  double scale;
};

double f(double x, double y) {
  double u = x, w = y;
  Ref r = Ref{&u, y};
  *r.p *= std::sin(y) * r.scale;
  double a = r.scale * x; // (the reverse sweep needs this r.scale back)
  r = Ref{&w, x * y};
  *r.p += r.scale;
  for (int i = 0; i < 2; ++i) {
    r = Ref{&w, x * (i + 1)};
    *r.p += r.scale * *r.p;
  }
  return u * y + w + a * a;
}

int main() {
  const double x = 0.7, y = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::two_inputs("f", f, x, y, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
