// Case: void f(const double* x, double* y, int n): array output through a pointer, weighted reverse seed
#include <ddx/ddx.hpp>
#include <cmath>
#include <cstdio>
#include "check.hpp"

void f(const double* x, double* y, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i] * x[(i + 1) % n] + std::sin(x[i]);
  y[0] += y[n - 1] * 0.5;
}

int main() {
  const int n = 3;
  double x[n] = {0.3, 1.4, -0.6};
  double y[n] = {};
  const double w[n] = {1.0, -2.0, 0.5};  // reverse seed: gradient of w . y
  double dx[n] = {};
  double dy[n] = {w[0], w[1], w[2]};
  ddx::gradient(f, ddx::duplicated(x, dx), ddx::duplicated(y, dy), n);
  for (int k = 0; k < n; ++k) {
    char name[32];
    std::snprintf(name, sizeof name, "d(w.y)/dx[%d]", k);
    check::fd(name, dx[k], [&](double h) {
      double c[n], out[n];
      for (int i = 0; i < n; ++i)
        c[i] = x[i];
      c[k] += h;
      f(c, out, n);
      return w[0] * out[0] + w[1] * out[1] + w[2] * out[2];
    });
  }
  // Forward: tangent direction u, compare w . (J u) with (J^T w) . u.
  double u[n] = {0.5, 1.0, -0.3};
  double y2[n] = {}, ty[n] = {};
  ddx::derivative(f, ddx::duplicated(x, u), ddx::duplicated(y2, ty), n);
  double expect[n];
  f(x, expect, n);
  for (int i = 0; i < n; ++i)
    check::near("y fwd", y2[i], expect[i]);
  double lhs = w[0] * ty[0] + w[1] * ty[1] + w[2] * ty[2];
  double rhs = dx[0] * u[0] + dx[1] * u[1] + dx[2] * u[2];
  check::near("fwd vs rev", lhs, rhs, 1e-10);
  // One tangent component against finite differences.
  check::fd("(J u)[1]", ty[1], [&](double h) {
    double c[n], out[n];
    for (int i = 0; i < n; ++i)
      c[i] = x[i] + h * u[i];
    f(c, out, n);
    return out[1];
  });
  return check::finish();
}
