// Case: GSL's non-adaptive gsl_integration_qng through the shipped rule
// (rules/ddx/rules/gsl/integration.hpp). qng applies rules of 21, 43 and 87
// points until one meets the tolerance and reports which in *neval; the
// derivative is that rule's, on the points qng evaluated. Three integrands
// take each of the three rules (main checks neval); one has an active upper
// bound (the Leibniz term), one reads its parameters through a struct.
// Forward and reverse mode against finite differences.
// DDX-LIBS: -lgsl -lgslcblas -lm
#include "check.hpp"
#include <cmath>
#include <cstddef>
#include <ddx/ddx.hpp>
#include <gsl/gsl_integration.h>

struct Wave {
  double k, c;
};
double smooth(double x, void *p) {
  const Wave *w = static_cast<const Wave *>(p);
  return std::exp(-w->k * x) * w->c;
}
double wave(double x, void *p) {
  const Wave *w = static_cast<const Wave *>(p);
  return std::cos(w->c * x) * std::exp(-w->k * x * x);
}

// qng over [0, hi] with parameters (k, c); neval reports the rule.
double qng_smooth(double k, double c, double hi, double epsrel,
                  std::size_t &neval) {
  Wave w{k, c};
  gsl_function F{&smooth, &w};
  double result = 0, abserr = 0;
  gsl_integration_qng(&F, 0.0, hi, 0.0, epsrel, &result, &abserr, &neval);
  return result;
}
double qng_wave(double k, double c, double hi, double epsrel,
                std::size_t &neval) {
  Wave w{k, c};
  gsl_function F;
  F.function = &wave;
  F.params = &w;
  double result = 0, abserr = 0;
  gsl_integration_qng(&F, 0.0, hi, 0.0, epsrel, &result, &abserr, &neval);
  return result;
}

double rule21(double k, double c) {
  std::size_t n = 0;
  return qng_smooth(k, c, 1.0, 1e-8, n);
}
// The upper bound is active too.
double rule43(double k, double hi) {
  std::size_t n = 0;
  return qng_wave(k, 6.0, hi, 1e-8, n);
}
double rule87(double k, double c) {
  std::size_t n = 0;
  return qng_wave(k, c, 2.5, 1e-8, n) * c;
}

int main() {
  std::size_t n21 = 0, n43 = 0, n87 = 0;
  qng_smooth(0.7, 1.3, 1.0, 1e-8, n21);
  qng_wave(0.3, 6.0, 2.5, 1e-8, n43);
  qng_wave(0.3, 15.0, 2.5, 1e-8, n87);
  check::near("rule of 21 points", double(n21), 21.0);
  check::near("rule of 43 points", double(n43), 43.0);
  check::near("rule of 87 points", double(n87), 87.0);
  {
    auto [v, dx, dy] =
        ddx::gradient(rule21, ddx::active(0.7), ddx::active(1.3));
    auto [v1, tx] = ddx::derivative(rule21, ddx::dual(0.7, 1.0), 1.3);
    auto [v2, ty] = ddx::derivative(rule21, 0.7, ddx::dual(1.3, 1.0));
    check::two_inputs("rule21", rule21, 0.7, 1.3, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(rule43, ddx::active(0.3), ddx::active(2.5));
    auto [v1, tx] = ddx::derivative(rule43, ddx::dual(0.3, 1.0), 2.5);
    auto [v2, ty] = ddx::derivative(rule43, 0.3, ddx::dual(2.5, 1.0));
    check::two_inputs("rule43", rule43, 0.3, 2.5, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(rule87, ddx::active(0.3), ddx::active(15.0));
    auto [v1, tx] = ddx::derivative(rule87, ddx::dual(0.3, 1.0), 15.0);
    auto [v2, ty] = ddx::derivative(rule87, 0.3, ddx::dual(15.0, 1.0));
    check::two_inputs("rule87", rule87, 0.3, 15.0, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
