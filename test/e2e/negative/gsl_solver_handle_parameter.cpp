// EXPECT-EXIT: 1
// EXPECT-DIAG: 27:7: ddx binds the reads of a solver held in a local variable of the function that sets it up; 's' is a parameter
// Case: a helper sets up and reads a solver its caller allocated and passes
// in. The caller (or anything holding the same solver) may set it up with
// another function between the helper's set-up and its read, which ddx
// cannot see; it binds reads only for a solver held in a local variable of
// the function that sets it up.
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

double solve(gsl_root_fsolver *s, double a) {
  Cubic c{a};
  gsl_function F{&cubic, &c};
  gsl_root_fsolver_set(s, &F, 0.0, 5.0);
  for (int i = 0; i < 100; ++i)
    gsl_root_fsolver_iterate(s);
  return
      gsl_root_fsolver_root(s);
}

gsl_root_fsolver *shared = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);

double root(double a) { return solve(shared, a); }

int main() {
  auto [v, d] = ddx::gradient(root, ddx::active(2.0));
  return v + d > 0 ? 0 : 1;
}
