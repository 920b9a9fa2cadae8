// Case: ddx::duplicated as other tools' drivers write it: a `const double *`
// input with a `double *` shadow, and `v.data()` (a temporary pointer)
// paired with a named shadow pointer; both modes
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

double logsumexp(const double *x, int n) {
  double m = x[0];
  for (int i = 1; i < n; ++i)
    if (x[i] > m)
      m = x[i];
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += std::exp(x[i] - m);
  return m + std::log(s);
}

int main() {
  const int n = 4;
  std::vector<double> v{0.3, -1.2, 2.0, 0.7};
  const double *x = v.data();
  std::vector<double> g(n, 0.0);
  double *dx = g.data();
  auto [y] = ddx::gradient(logsumexp, ddx::duplicated(x, dx), n);
  check::near("value", y, logsumexp(x, n));
  for (int k = 0; k < n; ++k)
    check::fd("d/dx", g[k], [&](double h) {
      std::vector<double> w = v;
      w[k] += h;
      return logsumexp(w.data(), n);
    });
  std::vector<double> g2(n, 0.0);
  double *dv = g2.data();
  ddx::gradient(logsumexp, ddx::duplicated(v.data(), dv), n);
  for (int k = 0; k < n; ++k)
    check::near("data() vs named", g2[k], g[k], 1e-12);
  std::vector<double> u{1.0, 0.5, -0.25, 2.0};
  auto [y2, t] = ddx::derivative(logsumexp, ddx::duplicated(x, u.data()), n);
  double expect = 0;
  for (int k = 0; k < n; ++k)
    expect += g[k] * u[k];
  check::near("forward = <grad, u>", t, expect, 1e-10);
  return check::finish();
}
