// EXPECT-EXIT: 1
// EXPECT-DIAG: 17:9: holds both pointers and floating-point values by value
// Case: a struct holding a pointer and a double, passed by value: its
// shadow would be a copy, so the double's adjoint would not reach the
// caller; ddx refuses and says to take it by reference
#include <ddx/ddx.hpp>

struct S {
  double *p;
  double a;
};
double g(S s) { return s.a * *s.p; }

double f(double x, double y) {
  S s{&y, x};
  double r =
      g(s);
  return r;
}

int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(2.0), ddx::active(3.0));
  return v > dx + dy;
}
