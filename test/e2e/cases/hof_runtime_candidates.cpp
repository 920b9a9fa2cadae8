// Case: a callable chosen at run time from a set the program text fixes: a
// local function pointer set only from named functions (an initializer with
// ?:, an assignment in a branch). ddx turns each call through it into a
// generated switch (an if-chain on the pointer) over the candidates' own
// derivatives, so every derivative call is statically bound; in reverse mode
// the branch taken is replayed. Also a lambda that captures such a pointer
// (set once, by ?:) and is integrated by Boost's Gauss-Kronrod. Forward and
// reverse mode, for every candidate.
#include "check.hpp"
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <ddx/ddx.hpp>

double bell(double x, double k) { return std::exp(-k * x * x); }
double ramp(double x, double k) { return k * x + 0.5 * k * k; }
double wave(double x, double k) { return std::sin(k * x) * x; }

double model(double k, int which) {
  double (*f)(double, double) = which == 0 ? &bell : &ramp;
  if (which == 2)
    f = wave;
  double s = 0;
  for (int i = 0; i < 10; ++i)
    s += f(0.1 * i, k) + (*f)(0.05 * i, 2 * k);
  return s;
}

double integrated(double k, int which) {
  double (*f)(double, double) = which ? &bell : &wave;
  return boost::math::quadrature::gauss_kronrod<double, 15>::integrate(
      [f, k](double x) { return f(x, k); }, 0.0, 1.0, 10, 1e-11);
}

int main() {
  const double k = 1.3;
  for (int which = 0; which < 3; ++which) {
    auto [y, dk] = ddx::gradient(model, ddx::active(k), which);
    auto [y1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), which);
    check::near("model value", y, model(k, which), 1e-15);
    check::fd("model/k", dk, [&](double h) { return model(k + h, which); });
    check::near("model fwd vs rev", tk, dk, 1e-12);
  }
  for (int which = 0; which < 2; ++which) {
    auto [y, dk] = ddx::gradient(integrated, ddx::active(k), which);
    auto [y1, tk] = ddx::derivative(integrated, ddx::dual(k, 1.0), which);
    check::fd("integrated/k", dk,
              [&](double h) { return integrated(k + h, which); });
    check::near("integrated fwd vs rev", tk, dk, 1e-12);
  }
  return check::finish();
}
