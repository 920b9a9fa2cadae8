// EXPECT-EXIT: 1
// EXPECT-DIAG: 30:3: no derivative rule for 'gsl_integration_qagp'
// Case: a C library call with no rule and no visible body that active data
// reaches through a struct (F.params points to the active P) and that writes
// its result through a pointer: an error naming the call, instead of a
// derivative of exactly 0 (finite differences: -0.162). (This was
// gsl_integration_qags, then gsl_integration_qng, which have rules now:
// hof_gsl_integration.cpp, hof_gsl_qng.cpp.)
#include <ddx/ddx.hpp>
#include <gsl/gsl_integration.h>
#include <cmath>

struct Params {
  double k;
};
double integrand(double x, void *p) {
  const Params *P = static_cast<const Params *>(p);
  return std::exp(-P->k * x * x);
}

double model(double k) {
  Params P{k};
  gsl_function F;
  F.function = &integrand;
  F.params = &P;
  gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
  double result = 0, abserr = 0;
  double points[3] = {0, 0.5, 1};
  // (gsl_integration_qagp has no rule yet)
  gsl_integration_qagp(&F, points, 3, 0, 1e-12, 1000, w, &result, &abserr);
  gsl_integration_workspace_free(w);
  return result;
}

int main() {
  auto [y, dk] = ddx::gradient(model, ddx::active(0.5));
  return dk < 0 && y > 0;
}
