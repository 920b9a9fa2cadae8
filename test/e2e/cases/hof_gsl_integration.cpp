// Case: GSL's adaptive integrators (gsl_integration_qag, qags, qagiu,
// qagil, qagi) over a gsl_function whose params point at active values,
// through the shipped rules (rules/ddx/rules/gsl/integration.hpp). The
// result comes back through `double *result`, an output of the rule.
// Shapes: issue 16's helper building a gsl_function over a local Params
// with its own workspace (allocated and freed around the call); a
// gsl_function passed by pointer to a helper, with active bounds (Leibniz
// terms); the half-line and whole-line integrators; a loop reusing one
// result variable (the reverse sweep puts each overwritten value back);
// the status kept. Forward and reverse mode against closed forms and
// finite differences.
// DDX-LIBS: -lgsl -lgslcblas -lm
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <gsl/gsl_integration.h>

struct Params {
  double a, b;
};
double decay(double x, void *p) {
  const Params *P = static_cast<const Params *>(p);
  return std::exp(-P->a * x) * P->b;
}
double gaussian(double x, void *p) {
  double k = *static_cast<double *>(p);
  return std::exp(-k * x * x);
}

// Issue 16's shape: y = b (1 - e^-a) / a, times a.
double helper(double a, double b) {
  Params p{a, b};
  gsl_function F{&decay, &p};
  gsl_integration_workspace *w = gsl_integration_workspace_alloc(100);
  double result, abserr;
  gsl_integration_qag(&F, 0.0, 1.0, 1e-12, 1e-10, 100, GSL_INTEG_GAUSS21, w,
                      &result, &abserr);
  gsl_integration_workspace_free(w);
  return result;
}
double model(double a, double b) { return helper(a, b) * a; }

// A gsl_function passed by pointer; active bounds.
double over(const gsl_function *F, double lo, double hi,
            gsl_integration_workspace *w) {
  double result, abserr;
  int status =
      gsl_integration_qags(F, lo, hi, 0, 1e-11, 200, w, &result, &abserr);
  return status == 0 ? result : -1.0;
}
double bounds(double a, double hi) {
  gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
  Params p{a, 2.0};
  gsl_function F;
  F.function = &decay;
  F.params = &p;
  double r = over(&F, 0.5 * a, hi, w);
  gsl_integration_workspace_free(w);
  return r;
}

// Half lines and the whole line: e^{-ka}/k, e^{kb}/k, sqrt(pi/k).
double tails(double k, double a) {
  gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
  Params up{k, 1.0};
  gsl_function F{&decay, &up};
  double r1, r2, r3, e;
  gsl_integration_qagiu(&F, a, 0, 1e-10, 200, w, &r1, &e);
  double kk = k;
  gsl_function G{&gaussian, &kk};
  gsl_integration_qagi(&G, 0, 1e-10, 200, w, &r2, &e);
  Params down{-k, 1.0};
  gsl_function H{&decay, &down};
  gsl_integration_qagil(&H, a, 0, 1e-10, 200, w, &r3, &e);
  gsl_integration_workspace_free(w);
  return r1 + r2 * k + r3 * r1;
}

// Issue 9's program (a silent zero before the rules; finite differences
// give -0.249 at k = 0.5).
struct Gauss {
  double k;
};
double gauss_integrand(double x, void *p) {
  const Gauss *P = static_cast<const Gauss *>(p);
  return std::exp(-P->k * x * x);
}
double issue9(double k) {
  Gauss P{k};
  gsl_function F;
  F.function = &gauss_integrand;
  F.params = &P;
  gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
  double result = 0, abserr = 0;
  gsl_integration_qags(&F, 0, 1, 0, 1e-12, 1000, w, &result, &abserr);
  gsl_integration_workspace_free(w);
  return result;
}

// One result variable reused in a loop.
double loop(double a, double b) {
  gsl_integration_workspace *w = gsl_integration_workspace_alloc(50);
  Params p{a, b};
  gsl_function F{&decay, &p};
  double sum = 0, result = 0, abserr;
  for (int i = 1; i <= 3; ++i) {
    p.b = b * i;
    gsl_integration_qag(&F, 0.0, i * 0.5, 1e-12, 1e-10, 50, GSL_INTEG_GAUSS41,
                        w, &result, &abserr);
    sum += result * result;
  }
  gsl_integration_workspace_free(w);
  return sum;
}

// The params, a double of their own, changed between two integrals: the
// reverse sweep puts the first value back before the first integral's
// pullback reads it through the gsl_function (it read the second one).
double exp_rate(double x, void *params) {
  double k = *static_cast<double *>(params);
  return std::exp(-k * x);
}
double rate_changed(double a, double b) {
  double k = a;
  gsl_function F{exp_rate, &k};
  gsl_integration_workspace *w = gsl_integration_workspace_alloc(100);
  double r1, r2, e;
  gsl_integration_qags(&F, 0, 1, 0, 1e-12, 100, w, &r1, &e);
  k = b;
  gsl_integration_qags(&F, 0, 1, 0, 1e-12, 100, w, &r2, &e);
  gsl_integration_workspace_free(w);
  return r1 * r2;
}

// gsl_integration_cquad: the quadrature is rebuilt from its evaluations
// (it keeps no record of the intervals it finished). An oscillating
// integrand with an active upper bound, and one with a singular derivative
// at 0, which cquad subdivides towards 0, dropping converged intervals.
double wave(double x, void *p) {
  const Params *q = static_cast<const Params *>(p);
  return std::exp(-q->a * x) * std::cos(q->b * x * x);
}
double cquad_wave(double a, double hi) {
  Params p{a, 7.0};
  gsl_function F{&wave, &p};
  gsl_integration_cquad_workspace *w =
      gsl_integration_cquad_workspace_alloc(50);
  double result = 0, abserr;
  std::size_t n;
  gsl_integration_cquad(&F, 0.0, hi, 1e-12, 1e-12, w, &result, &abserr, &n);
  gsl_integration_cquad_workspace_free(w);
  return result;
}
double root_x(double x, void *p) {
  const Params *q = static_cast<const Params *>(p);
  return std::sqrt(x) * std::exp(q->a * x) + q->b * std::log(x + 1e-3);
}
double cquad_root(double a, double b) {
  Params p{a, b};
  gsl_function F{&root_x, &p};
  gsl_integration_cquad_workspace *w =
      gsl_integration_cquad_workspace_alloc(100);
  double result = 0;
  gsl_integration_cquad(&F, 0.0, 2.0, 0, 1e-11, w, &result, nullptr, nullptr);
  gsl_integration_cquad_workspace_free(w);
  return result * result;
}

// An integrand infinite at 0, which cquad leaves out of its rules:
// the integral of k / sqrt(x) + cos(k x) over [0, 1] is 2 k + sin(k) / k.
double inverse_root(double x, void *p) {
  double k = *static_cast<double *>(p);
  return k / std::sqrt(x) + std::cos(k * x);
}
double cquad_infinite_end(double k) {
  gsl_function F{&inverse_root, &k};
  gsl_integration_cquad_workspace *w =
      gsl_integration_cquad_workspace_alloc(200);
  double result = 0;
  gsl_integration_cquad(&F, 0.0, 1.0, 0, 1e-12, w, &result, nullptr, nullptr);
  gsl_integration_cquad_workspace_free(w);
  return result;
}

int main() {
  const double a = 0.7, b = 1.3;
  {
    auto [y, da, db] = ddx::gradient(model, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(model, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(model, a, ddx::dual(b, 1.0));
    check::near("qag value", y, b * (1 - std::exp(-a)), 1e-10);
    check::near("qag d/da", da, b * std::exp(-a), 1e-9);
    check::near("qag d/db", db, 1 - std::exp(-a), 1e-9);
    check::near("qag d/da fwd", ta, b * std::exp(-a), 1e-9);
    check::near("qag d/db fwd", tb, 1 - std::exp(-a), 1e-9);
    check::near("qag fwd value", y1 + y2, 2 * y, 1e-12);
  }
  {
    const double hi = 2.5;
    auto [y, da, dh] = ddx::gradient(bounds, ddx::active(a), ddx::active(hi));
    auto [y1, ta] = ddx::derivative(bounds, ddx::dual(a, 1.0), hi);
    auto [y2, th] = ddx::derivative(bounds, a, ddx::dual(hi, 1.0));
    check::near("qags value", y, bounds(a, hi), 1e-12);
    check::fd("qags d/da", da, [&](double h) { return bounds(a + h, hi); });
    check::fd("qags d/dhi", dh, [&](double h) { return bounds(a, hi + h); });
    check::fd("qags d/da fwd", ta, [&](double h) { return bounds(a + h, hi); });
    check::fd("qags d/dhi fwd", th,
              [&](double h) { return bounds(a, hi + h); });
    check::near("qags d/dhi closed", dh, 2 * std::exp(-a * hi), 1e-9);
    (void)y1;
    (void)y2;
  }
  {
    const double k = 1.7, lo = 0.4;
    auto [y, dk, dl] = ddx::gradient(tails, ddx::active(k), ddx::active(lo));
    auto [y1, tk] = ddx::derivative(tails, ddx::dual(k, 1.0), lo);
    auto [y2, tl] = ddx::derivative(tails, k, ddx::dual(lo, 1.0));
    double r1 = std::exp(-k * lo) / k, r3 = std::exp(k * lo) / k;
    check::near("tails value", y, r1 + std::sqrt(M_PI / k) * k + r3 * r1, 1e-8);
    check::fd(
        "tails d/dk", dk, [&](double h) { return tails(k + h, lo); }, 1e-6);
    check::fd(
        "tails d/dlo", dl, [&](double h) { return tails(k, lo + h); }, 1e-6);
    check::near("tails d/dk fwd", tk, dk, 1e-9);
    check::near("tails d/dlo fwd", tl, dl, 1e-9);
    (void)y1;
    (void)y2;
  }
  {
    auto [y, dk] = ddx::gradient(issue9, ddx::active(0.5));
    auto [y1, tk] = ddx::derivative(issue9, ddx::dual(0.5, 1.0));
    check::near("issue 9 value", y, issue9(0.5), 1e-12);
    check::fd("issue 9 d/dk", dk, [&](double h) { return issue9(0.5 + h); });
    check::fd("issue 9 d/dk fwd", tk,
              [&](double h) { return issue9(0.5 + h); });
    (void)y1;
  }
  {
    auto [y, da, db] = ddx::gradient(loop, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(loop, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(loop, a, ddx::dual(b, 1.0));
    check::near("loop value", y, loop(a, b), 1e-12);
    check::fd("loop d/da", da, [&](double h) { return loop(a + h, b); });
    check::fd("loop d/db", db, [&](double h) { return loop(a, b + h); });
    check::near("loop d/da fwd", ta, da, 1e-9);
    check::near("loop d/db fwd", tb, db, 1e-9);
    (void)y1;
    (void)y2;
  }
  {
    auto [y, da, db] =
        ddx::gradient(rate_changed, ddx::active(1.1), ddx::active(0.7));
    auto [y1, ta] = ddx::derivative(rate_changed, ddx::dual(1.1, 1.0), 0.7);
    auto [y2, tb] = ddx::derivative(rate_changed, 1.1, ddx::dual(0.7, 1.0));
    check::two_inputs("params changed between integrals", rate_changed, 1.1,
                      0.7, y, da, db, y1, ta, y2, tb, 1e-8);
  }
  {
    auto [y, da, dh] =
        ddx::gradient(cquad_wave, ddx::active(0.8), ddx::active(1.5));
    auto [y1, ta] = ddx::derivative(cquad_wave, ddx::dual(0.8, 1.0), 1.5);
    auto [y2, th] = ddx::derivative(cquad_wave, 0.8, ddx::dual(1.5, 1.0));
    check::near("cquad primal, bit for bit", y, cquad_wave(0.8, 1.5), 0.0);
    check::two_inputs("cquad wave", cquad_wave, 0.8, 1.5, y, da, dh, y1, ta, y2,
                      th, 1e-8);
  }
  {
    auto [y, da, db] =
        ddx::gradient(cquad_root, ddx::active(0.6), ddx::active(0.3));
    auto [y1, ta] = ddx::derivative(cquad_root, ddx::dual(0.6, 1.0), 0.3);
    auto [y2, tb] = ddx::derivative(cquad_root, 0.6, ddx::dual(0.3, 1.0));
    check::near("cquad singular primal, bit for bit", y, cquad_root(0.6, 0.3),
                0.0);
    check::two_inputs("cquad singular", cquad_root, 0.6, 0.3, y, da, db, y1, ta,
                      y2, tb, 1e-8);
  }
  {
    const double k = 1.3;
    auto [y, dk] = ddx::gradient(cquad_infinite_end, ddx::active(k));
    auto [y1, tk] = ddx::derivative(cquad_infinite_end, ddx::dual(k, 1.0));
    double exact = 2 + (k * std::cos(k) - std::sin(k)) / (k * k);
    check::near("cquad infinite end value", y, 2 * k + std::sin(k) / k, 1e-9);
    check::near("cquad infinite end d/dk", dk, exact, 1e-8);
    check::near("cquad infinite end d/dk fwd", tk, exact, 1e-8);
    check::near("cquad infinite end fwd vs rev", tk, dk, 1e-12);
    (void)y1;
  }
  return check::finish();
}
