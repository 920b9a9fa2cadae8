// EXPECT-EXIT: 1
// EXPECT-DIAG: 33:13: ddx follows the solver 's' only through the library's own calls
// Case: the root is read by a function of the user's declared here and
// defined in another file (no body ddx can see, not a library's): it
// could read the root without its derivative (a derivative of 0; finite
// differences: 0.25), so the handle may not be passed to it.
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

void read_root(const gsl_root_fsolver *s, double *out);

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
  double r = 0;
  read_root(s, &r);
  gsl_root_fsolver_free(s);
  return r;
}

int main() {
  auto [v, d] = ddx::gradient(root, ddx::active(2.0));
  return v + d > 0 ? 0 : 1;
}
