// EXPECT-EXIT: 1
// EXPECT-DIAG: 36:10: call through a function pointer
// Case: the gsl_function pattern with the function pointer chosen at run
// time (the field is set in two places): ddx cannot bind the call through
// the field statically, and says so at the call, instead of differentiating
// it as zero
#include <ddx/ddx.hpp>
#include <gsl/gsl_math.h>
#include <cmath>

struct Params {
  double k;
};
double bell(double x, void *p) {
  const Params *P = static_cast<const Params *>(p);
  return std::exp(-P->k * x * x);
}
double ramp(double x, void *p) {
  return static_cast<const Params *>(p)->k * x;
}
double midpoint(const gsl_function *F, double a, double b, int n);

double model(double k, int which) {
  Params P{k};
  gsl_function F;
  F.function = &bell;
  if (which)
    F.function = &ramp;
  F.params = &P;
  return midpoint(&F, 0.0, 1.0, 100);
}

double midpoint(const gsl_function *F, double a, double b, int n) {
  double h = (b - a) / n, s = 0;
  for (int i = 0; i < n; ++i)
    s += GSL_FN_EVAL(F, a + (i + 0.5) * h);
  return s * h;
}

int main() {
  auto [y, dk] = ddx::gradient(model, ddx::active(2.0), 1);
  return y > dk;
}
