// EXPECT-EXIT: 1
// EXPECT-DIAG: 27:16: keeps the address of its local 'p'
// Case: a helper differentiated as a callee in reverse mode points a
// gsl_function at its own locals inside a loop: the reverse sweep cannot
// tell which local it pointed at last, so it is refused with what to do
#include <ddx/ddx.hpp>
#include <gsl/gsl_math.h>
#include <cmath>
struct Params { double a, b; };
double integrand(double x, void *p) {
  const Params *P = static_cast<const Params *>(p);
  return std::exp(-P->a * x) * P->b;
}
double midpoint(const gsl_function *F, double lo, double hi, int n) {
  double h = (hi - lo) / n, s = 0;
  for (int i = 0; i < n; ++i)
    s += GSL_FN_EVAL(F, lo + (i + 0.5) * h);
  return s * h;
}
double helper(double a, double b) {
  Params p{a, b}, q{b, a};
  gsl_function F{&integrand, &q};
  double s = 0;
  for (int i = 0; i < 2; ++i) {
    if (i == 1)
      // the pointer set in a branch of a loop
      F.params = &p;
    s += midpoint(&F, 0.0, 1.0, 50);
  }
  return s;
}
double model(double a, double b) { return helper(a, b) * a; }
int main() {
  auto [y, da, db] = ddx::gradient(model, ddx::active(0.7), ddx::active(1.3));
  return da > 0 && db > 0 && y > 0;
}
