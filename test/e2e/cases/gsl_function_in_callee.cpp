// Case: a helper differentiated as a callee builds a gsl_function whose
// params point at its own local struct (the shape of issue 16's GSL
// likelihood). In reverse mode the helper's reverse sweep runs in another
// frame than its forward sweep: it points the gsl_function at its own
// locals again. (The saved pointer into the dead frame gave 0.935 where
// 0.646 is right.) Variants: the struct set field by field, a plain
// pointer to a local's member, two helpers called in turn; forward and
// reverse mode, g++ and clang++.
#include <ddx/ddx.hpp>
#include <gsl/gsl_math.h>
#include <cmath>
#include "check.hpp"

struct Params {
  double a, b;
};
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

// Built in its initializer.
double helper(double a, double b) {
  Params p{a, b};
  gsl_function F{&integrand, &p};
  return midpoint(&F, 0.0, 1.0, 50);
}
// Set field by field, the params updated after F points at them.
double helper_fields(double a, double b) {
  Params p{a, 1.0};
  gsl_function F;
  F.function = &integrand;
  F.params = &p;
  p.b = b * b;
  return midpoint(&F, 0.0, 2.0, 40);
}
// A plain pointer to a member of a local.
double scaled(double a) {
  Params p{a, 2 * a};
  double *q = &p.b;
  double r = *q * a;
  *q = r + 1;
  return p.b * p.a;
}

double model(double a, double b) { return helper(a, b) * a; }
double model_fields(double a, double b) {
  return helper_fields(a, b) + helper(b, a) * scaled(a);
}

int main() {
  const double a = 0.7, b = 1.3;
  auto [y, da, db] = ddx::gradient(model, ddx::active(a), ddx::active(b));
  auto [y1, ta] = ddx::derivative(model, ddx::dual(a, 1.0), b);
  auto [y2, tb] = ddx::derivative(model, a, ddx::dual(b, 1.0));
  check::near("value", y, model(a, b), 1e-12);
  check::fd("d/da", da, [&](double h) { return model(a + h, b); });
  check::fd("d/db", db, [&](double h) { return model(a, b + h); });
  check::fd("d/da fwd", ta, [&](double h) { return model(a + h, b); });
  check::fd("d/db fwd", tb, [&](double h) { return model(a, b + h); });
  (void)y1;
  (void)y2;

  auto [z, za, zb] = ddx::gradient(model_fields, ddx::active(a), ddx::active(b));
  auto [z1, ua] = ddx::derivative(model_fields, ddx::dual(a, 1.0), b);
  auto [z2, ub] = ddx::derivative(model_fields, a, ddx::dual(b, 1.0));
  check::near("fields value", z, model_fields(a, b), 1e-12);
  check::fd("fields d/da", za, [&](double h) { return model_fields(a + h, b); });
  check::fd("fields d/db", zb, [&](double h) { return model_fields(a, b + h); });
  check::fd("fields d/da fwd", ua, [&](double h) { return model_fields(a + h, b); });
  check::fd("fields d/db fwd", ub, [&](double h) { return model_fields(a, b + h); });
  (void)z1;
  (void)z2;
  return check::finish();
}
