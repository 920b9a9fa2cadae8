// Case: a composition of GSL rules: the integrand of gsl_integration_qags
// is the root y*(x, k) of y^3 + k y - x, found by a GSL Brent solver the
// integrand sets up, iterates and reads through its handle
// (rules/ddx/rules/gsl/roots.hpp). The integral's derivative in k is the
// quadrature of dy*/dk (the implicit function theorem at each node), and
// the upper bound's is the Leibniz term. Forward and reverse mode against
// finite differences.
// DDX-LIBS: -lgsl -lgslcblas -lm
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_roots.h>

struct Level {
  double x, k;
};
// g(y) = y^3 + k y - x: its root y*(x, k) is the integrand.
double level(double y, void *p) {
  const Level *l = static_cast<const Level *>(p);
  return y * y * y + l->k * y - l->x;
}
double root_at(double x, double k) {
  Level l{x, k};
  gsl_function G{&level, &l};
  gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  gsl_root_fsolver_set(s, &G, -10.0, 10.0);
  int status = GSL_CONTINUE;
  for (int i = 0; i < 100 && status == GSL_CONTINUE; ++i) {
    gsl_root_fsolver_iterate(s);
    status = gsl_root_test_interval(gsl_root_fsolver_x_lower(s),
                                    gsl_root_fsolver_x_upper(s), 0, 1e-14);
  }
  double y = gsl_root_fsolver_root(s);
  gsl_root_fsolver_free(s);
  return y;
}
double integrand(double x, void *p) {
  double k = *static_cast<double *>(p);
  return root_at(x, k);
}
double area(double k, double hi) {
  gsl_function F{&integrand, &k};
  gsl_integration_workspace *w = gsl_integration_workspace_alloc(100);
  double result = 0, err = 0;
  gsl_integration_qags(&F, 0.0, hi, 1e-12, 1e-10, 100, w, &result, &err);
  gsl_integration_workspace_free(w);
  return result;
}

int main() {
  auto [v, dx, dy] = ddx::gradient(area, ddx::active(1.5), ddx::active(2.0));
  auto [v1, tx] = ddx::derivative(area, ddx::dual(1.5, 1.0), 2.0);
  auto [v2, ty] = ddx::derivative(area, 1.5, ddx::dual(2.0, 1.0));
  check::two_inputs("root inside a qags integrand", area, 1.5, 2.0, v, dx, dy,
                    v1, tx, v2, ty);
  return check::finish();
}
