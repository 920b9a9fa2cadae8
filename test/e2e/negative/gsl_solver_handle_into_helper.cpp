// EXPECT-EXIT: 1
// EXPECT-DIAG: 36:13: ddx follows the solver 's' only through the library's own calls, not into 'solve'
// Case: the solver is set up here and iterated and read in a helper. ddx
// binds a read of a solver to the function it was set up with in the same
// function; it does not follow the handle into a function of the user's
// (whose reads, s->root among them, would lose the derivative), and says
// where to read the results instead.
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

double solve(gsl_root_fsolver *s) {
  int status = GSL_CONTINUE;
  for (int i = 0; i < 100 && status == GSL_CONTINUE; ++i) {
    gsl_root_fsolver_iterate(s);
    status = gsl_root_test_interval(gsl_root_fsolver_x_lower(s),
                                    gsl_root_fsolver_x_upper(s), 0, 1e-12);
  }
  return s->root;
}

double root(double a) {
  Cubic c{a};
  gsl_function F{&cubic, &c};
  gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  gsl_root_fsolver_set(s, &F, 0.0, 5.0);
  double r =
      solve(s);
  gsl_root_fsolver_free(s);
  return r;
}

int main() {
  auto [v, d] = ddx::gradient(root, ddx::active(2.0));
  return v + d > 0 ? 0 : 1;
}
