// EXPECT-EXIT: 1
// EXPECT-DIAG: 29:10: call through a function pointer
// Case: the gsl_function pattern where the struct's field is set again
// through a pointer to the struct: the one assignment ddx sees is not the
// whole story, so it does not bind the call to it
#include <ddx/ddx.hpp>
#include <gsl/gsl_math.h>

struct Params {
  double k;
};
double lin(double x, void *p) { return static_cast<const Params *>(p)->k * x; }
double sq(double x, void *p) {
  double k = static_cast<const Params *>(p)->k;
  return k * k * x;
}
double eval(const gsl_function *F);

double model(double k) {
  Params P{k};
  gsl_function F{&lin, &P};
  gsl_function *Q = &F;
  Q->function = &sq;
  return eval(&F);
}

double eval(const gsl_function *F) {
  double x = 1.0;
  return GSL_FN_EVAL(F, x);
}

int main() {
  auto [v, dk] = ddx::gradient(model, ddx::active(3.0));
  return v > dk;
}
