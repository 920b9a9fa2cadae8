// EXPECT-EXIT: 1
// EXPECT-DIAG: 25:35: cannot follow derivatives through
// Case: the gsl_function pattern (a function pointer plus a void* to the
// parameters) with an active parameter: ddx cannot follow derivatives
// behind the void* yet, and says so where the address is taken, instead of
// differentiating the call as if nothing active reached it
#include <ddx/ddx.hpp>
#include <cmath>

struct gsl_function_like {
  double (*function)(double x, void *params);
  void *params;
};
struct Params {
  double k;
};
double integrand(double x, void *p) {
  const Params *P = static_cast<const Params *>(p);
  return std::exp(-P->k * x * x);
}
double midpoint(const gsl_function_like *F, double a, double b, int n);

double model(double k) {
  Params P{k};
  gsl_function_like F{&integrand, &P};
  return midpoint(&F, 0.0, 1.0, 100);
}

double midpoint(const gsl_function_like *F, double a, double b, int n) {
  double h = (b - a) / n, s = 0;
  for (int i = 0; i < n; ++i)
    s += F->function(a + (i + 0.5) * h, F->params);
  return s * h;
}

int main() {
  auto [y, dk] = ddx::gradient(model, ddx::active(2.0));
  return y > dk;
}
