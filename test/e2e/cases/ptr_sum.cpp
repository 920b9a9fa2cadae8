// Case: const double* plus int length, ddx::duplicated with arrays and with pointers, both modes
#include <ddx/ddx.hpp>
#include <cmath>
#include <cstdio>
#include "check.hpp"

double f(const double* x, int n) {
  double s = 0.0, p = 1.0;
  for (int i = 0; i < n; ++i) {
    s += (i + 1) * x[i] * x[i];
    p *= x[i];
  }
  return s + p * std::sin(x[0]);
}

int main() {
  const int n = 4;
  double x[n] = {0.5, -1.2, 0.8, 1.5};
  double dx[n] = {};
  auto [v] = ddx::gradient(f, ddx::duplicated(x, dx), n);
  check::near("value", v, f(x, n));
  for (int k = 0; k < n; ++k) {
    char name[32];
    std::snprintf(name, sizeof name, "df/dx[%d]", k);
    check::fd(name, dx[k], [&](double h) {
      double c[n];
      for (int i = 0; i < n; ++i)
        c[i] = x[i];
      c[k] += h;
      return f(c, n);
    });
  }
  // Forward mode: the shadow holds the tangent direction u.
  double u[n] = {0.3, -0.7, 1.0, 0.2};
  auto [v1, t] = ddx::derivative(f, ddx::duplicated(x, u), n);
  double dot = 0.0;
  for (int i = 0; i < n; ++i)
    dot += dx[i] * u[i];
  check::near("value fwd", v1, f(x, n));
  check::near("fwd vs rev", t, dot, 1e-10);
  // The same through plain pointers (prvalues of type double*).
  double dx2[n] = {};
  auto [v2] = ddx::gradient(f, ddx::duplicated(&x[0], &dx2[0]), n);
  check::near("value via pointers", v2, f(x, n));
  for (int k = 0; k < n; ++k)
    check::near("pointer vs array adjoint", dx2[k], dx[k], 1e-12);
  return check::finish();
}
