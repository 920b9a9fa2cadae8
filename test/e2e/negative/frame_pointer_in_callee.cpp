// EXPECT-EXIT: 1
// EXPECT-DIAG: 23:16: keeps the address of its local 'p'
// Case: a helper builds a gsl_function whose params point at its own local
// struct and is differentiated as a callee in reverse mode: the pointer
// saved for the reverse sweep would point into the forward sweep's frame
// (the gradient came out 0.935 where 0.646 is right); it is refused
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
  Params p{a, b};
  gsl_function F{&integrand, &p};
  return midpoint(&F, 0.0, 1.0, 50);
}
double model(double a, double b) { return helper(a, b) * a; }
int main() {
  auto [y, da, db] = ddx::gradient(model, ddx::active(0.7), ddx::active(1.3));
  return da > 0 && db > 0 && y > 0;
}
