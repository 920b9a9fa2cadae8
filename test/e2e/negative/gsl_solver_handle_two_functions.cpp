// EXPECT-EXIT: 1
// EXPECT-DIAG: 28:27: the solver 's' is set up with two different functions here
// Case: one solver set up with one function, then with another, and read
// after each. ddx binds the function a read's derivative comes from at
// transformation time, one per solver, so it refuses the second set-up
// rather than give one of the roots the other function's derivative.
#include <ddx/ddx.hpp>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

struct Cubic {
  double a;
};
double cubic(double x, void *p) {
  const Cubic *c = static_cast<const Cubic *>(p);
  return x * x * x + x - c->a;
}
double line(double x, void *p) { return x - static_cast<Cubic *>(p)->a; }

double roots(double a) {
  Cubic c{a};
  gsl_function F{&cubic, &c}, G{&line, &c};
  gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  gsl_root_fsolver_set(s, &F, 0.0, 5.0);
  for (int i = 0; i < 100; ++i)
    gsl_root_fsolver_iterate(s);
  double r = gsl_root_fsolver_root(s);
  gsl_root_fsolver_set(s, &G, 0.0, 5.0);
  for (int i = 0; i < 100; ++i)
    gsl_root_fsolver_iterate(s);
  r += gsl_root_fsolver_root(s);
  gsl_root_fsolver_free(s);
  return r;
}

int main() {
  auto [v, d] = ddx::gradient(roots, ddx::active(2.0));
  return v + d > 0 ? 0 : 1;
}
