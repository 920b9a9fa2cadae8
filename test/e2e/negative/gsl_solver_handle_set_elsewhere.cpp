// EXPECT-EXIT: 1
// EXPECT-DIAG: 25:10: ddx cannot tell which function the solver read by 'gsl_root_fsolver_root' works on
// Case: the differentiated function reads the root of a solver set up
// elsewhere (a global main sets up). The read's derivative needs the
// function the solver works on, which ddx binds statically from the
// set-up call; here there is none, so the read is refused rather than
// differentiated as a constant.
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

gsl_root_fsolver *solver;
Cubic params{2.0};

double root_times(double k) {
  return k *
         gsl_root_fsolver_root(solver);
}

int main() {
  gsl_function F{&cubic, &params};
  solver = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  gsl_root_fsolver_set(solver, &F, 0.0, 5.0);
  for (int i = 0; i < 100; ++i)
    gsl_root_fsolver_iterate(solver);
  auto [v, d] = ddx::gradient(root_times, ddx::active(2.0));
  return v + d > 0 ? 0 : 1;
}
