// Case: pointer arithmetic and dereference (*p, *(p + i), ++q over a range, p[-1] from an offset pointer)
#include <ddx/ddx.hpp>
#include <cmath>
#include <cstdio>
#include "check.hpp"

double f(const double* p, int n) {
  double s = 0.0;
  const double* end = p + n;
  for (const double* q = p; q != end; ++q)
    s += *q * *q;
  const double* mid = p + n / 2;
  return s * *(p + 1) + mid[-1] * std::cos(*mid);
}

int main() {
  const int n = 5;
  double x[n] = {0.7, -0.3, 1.1, 0.4, -0.9};
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
  double u[n] = {1.0, 0.0, -1.0, 0.5, 0.25};
  auto [v1, t] = ddx::derivative(f, ddx::duplicated(x, u), n);
  double dot = 0.0;
  for (int i = 0; i < n; ++i)
    dot += dx[i] * u[i];
  check::near("value fwd", v1, f(x, n));
  check::near("fwd vs rev", t, dot, 1e-10);
  return check::finish();
}
