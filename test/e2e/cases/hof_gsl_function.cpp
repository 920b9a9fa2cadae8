// Case: the gsl_function pattern from the higher-order issue: a struct
// holding a function pointer and a void* to a concrete params struct (GSL's
// own gsl_function and GSL_FN_EVAL). ddx follows the function pointer
// through the struct's field to the named function, specialises the
// helpers on it, and gives the void* a shadow that points to the params'
// shadow. Variants: the helper taking the struct and calling Boost's
// Gauss-Kronrod through a wrapper lambda, with the tolerance as a literal,
// a default argument, a ddx::constant request argument and an active value
// (a warning); the struct by pointer in a midpoint loop; a lambda capturing
// a local struct with an active bound; a pass-through chain; tanh_sinh.
// Forward and reverse mode.
#include "check.hpp"
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include <ddx/ddx.hpp>
#include <gsl/gsl_math.h>
using boost::math::quadrature::gauss_kronrod;

struct Params {
  double k, c;
};
double integrand(double x, void *p) {
  const Params *P = static_cast<const Params *>(p);
  return P->c * std::exp(-P->k * x * x);
}

// The helper, taking the gsl_function.
double expectation(const gsl_function &F, double tol = 1e-10) {
  return gauss_kronrod<double, 15>::integrate(
      [&F](double x) { return GSL_FN_EVAL(&F, x); }, 0.0, 1.0, 10, tol);
}
double model(double k, double c, double tol) {
  Params P{k, c};
  gsl_function F;
  F.function = &integrand;
  F.params = &P;
  return expectation(F, tol);
}
double model_literal(double k) {
  Params P{k, 1.5};
  gsl_function F{&integrand, &P};
  return expectation(F, 1e-9);
}
double model_default(double k) {
  Params P{k, 1.5};
  gsl_function F{&integrand, &P};
  return expectation(F);
}
double model_active(double k) {
  Params P{k, 1.5};
  gsl_function F{&integrand, &P};
  return expectation(F, 1e-10 * k); // warning: detached
}

// GSL style: the struct by pointer, no rule, a loop.
double midpoint(const gsl_function *F, double a, double b, int n) {
  double h = (b - a) / n, s = 0;
  for (int i = 0; i < n; ++i)
    s += GSL_FN_EVAL(F, a + (i + 0.5) * h);
  return s * h;
}
double model_midpoint(double k, double c) {
  Params P{k, c};
  gsl_function F{&integrand, &P};
  return midpoint(&F, 0.0, 1.0, 100);
}

// A lambda capturing the local struct, and an active upper bound.
double model_bound(double k) {
  Params P{k, 2.0};
  gsl_function F{&integrand, &P};
  return gauss_kronrod<double, 21>::integrate(
      [&F](double x) { return F.function(x, F.params); }, 0.0, k, 8, 1e-11);
}

// Two pass-through helpers, by pointer and then by reference.
double outer(const gsl_function *F, double tol) {
  return 2 * expectation(*F, tol);
}
double model_chain(double k) {
  Params P{k, 0.5};
  gsl_function F{&integrand, &P};
  return outer(&F, 1e-10);
}

// Another integrator.
double model_tanh_sinh(double k) {
  Params P{k, 1.0};
  gsl_function F{&integrand, &P};
  boost::math::quadrature::tanh_sinh<double> ts;
  return ts.integrate([&F](double x) { return GSL_FN_EVAL(&F, x); }, 0.0, 1.0);
}

int main() {
  const double k = 2.0, c = 1.5;
  {
    auto [I, dk, dc] = ddx::gradient(model, ddx::active(k), ddx::active(c),
                                     ddx::constant(1e-10));
    auto [I1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), c, 1e-10);
    auto [I2, tc] = ddx::derivative(model, k, ddx::dual(c, 1.0), 1e-10);
    check::near("model", I, model(k, c, 1e-10), 1e-14);
    check::fd("model/k", dk, [&](double h) { return model(k + h, c, 1e-10); });
    check::fd("model/c", dc, [&](double h) { return model(k, c + h, 1e-10); });
    check::near("model/k fwd vs rev", tk, dk, 1e-12);
    check::near("model/c fwd vs rev", tc, dc, 1e-12);
  }
  {
    auto [I, dk] = ddx::gradient(model_literal, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_literal, ddx::dual(k, 1.0));
    check::fd("model_literal/k", dk,
              [&](double h) { return model_literal(k + h); });
    check::near("model_literal fwd vs rev", tk, dk, 1e-12);
  }
  {
    auto [I, dk] = ddx::gradient(model_default, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_default, ddx::dual(k, 1.0));
    check::fd("model_default/k", dk,
              [&](double h) { return model_default(k + h); });
    check::near("model_default fwd vs rev", tk, dk, 1e-12);
  }
  {
    auto [I, dk] = ddx::gradient(model_active, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_active, ddx::dual(k, 1.0));
    check::fd("model_active/k", dk,
              [&](double h) { return model_active(k + h); });
    check::near("model_active fwd vs rev", tk, dk, 1e-12);
  }
  {
    auto [I, dk, dc] =
        ddx::gradient(model_midpoint, ddx::active(k), ddx::active(c));
    auto [I1, tk] = ddx::derivative(model_midpoint, ddx::dual(k, 1.0), c);
    check::fd("model_midpoint/k", dk,
              [&](double h) { return model_midpoint(k + h, c); });
    check::fd("model_midpoint/c", dc,
              [&](double h) { return model_midpoint(k, c + h); });
    check::near("model_midpoint fwd vs rev", tk, dk, 1e-12);
  }
  {
    auto [I, dk] = ddx::gradient(model_bound, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_bound, ddx::dual(k, 1.0));
    check::fd("model_bound/k", dk,
              [&](double h) { return model_bound(k + h); });
    check::near("model_bound fwd vs rev", tk, dk, 1e-12);
  }
  {
    auto [I, dk] = ddx::gradient(model_chain, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_chain, ddx::dual(k, 1.0));
    check::fd("model_chain/k", dk,
              [&](double h) { return model_chain(k + h); });
    check::near("model_chain fwd vs rev", tk, dk, 1e-12);
  }
  {
    auto [I, dk] = ddx::gradient(model_tanh_sinh, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_tanh_sinh, ddx::dual(k, 1.0));
    check::fd("model_tanh_sinh/k", dk,
              [&](double h) { return model_tanh_sinh(k + h); });
    check::near("model_tanh_sinh fwd vs rev", tk, dk, 1e-10);
  }
  return check::finish();
}
