// EXPECT-EXIT: 1
// EXPECT-DIAG: 32:3: 'c', which the solver's function reads, changes here, after the solver was set up
// Case: the function's parameters change after the solver found its root
// and before the root is read. The read's derivative comes from the
// implicit function theorem with the function as it is at the read, while
// the root was found with the function as it was: the derivative would be
// silently wrong (here 0 instead of dr/da = 0.25), so ddx refuses the
// change between the set-up and the read.
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

double root(double a) {
  Cubic c{a};
  gsl_function F{&cubic, &c};
  gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  gsl_root_fsolver_set(s, &F, 0.0, 5.0);
  int status = GSL_CONTINUE;
  for (int i = 0; i < 100 && status == GSL_CONTINUE; ++i) {
    gsl_root_fsolver_iterate(s);
    status = gsl_root_test_interval(gsl_root_fsolver_x_lower(s),
                                    gsl_root_fsolver_x_upper(s), 0, 1e-12);
  }
  c.a = 0.5;
  double r = gsl_root_fsolver_root(s);
  gsl_root_fsolver_free(s);
  return r;
}

int main() {
  auto [v, d] = ddx::gradient(root, ddx::active(2.0));
  return v + d > 0 ? 0 : 1;
}
