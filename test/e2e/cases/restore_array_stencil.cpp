// Case: in-place array updates over time steps (explicit heat stencil, old neighbour kept in a scalar), ddx::duplicated
#include <ddx/ddx.hpp>
#include <cstdio>
#include "check.hpp"

// Sum of squares of u after `steps` in-place stencil updates with fixed ends.
double heat(double* u, int n, double k, int steps) {
  for (int t = 0; t < steps; ++t) {
    double left = u[0];  // old value of the previous cell
    for (int i = 1; i < n - 1; ++i) {
      double old = u[i];
      u[i] = u[i] + k * (left - 2.0 * u[i] + u[i + 1]);
      left = old;
    }
  }
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += u[i] * u[i];
  return s;
}

int main() {
  const int n = 6, steps = 4;
  const double u0[n] = {0.0, 1.0, 0.5, -0.3, 0.8, 0.0};
  const double k = 0.2;
  double u[n], du[n] = {};
  for (int i = 0; i < n; ++i)
    u[i] = u0[i];
  // du seeds the adjoint of the final u (zero: only the return value is seeded).
  auto [v, dk] = ddx::gradient(heat, ddx::duplicated(u, du), n, ddx::active(k), steps);
  auto run = [&](int j, double h, double kk) {
    double c[n];
    for (int i = 0; i < n; ++i)
      c[i] = u0[i];
    if (j >= 0)
      c[j] += h;
    return heat(c, n, kk, steps);
  };
  check::near("value", v, run(-1, 0.0, k));
  check::fd("dheat/dk", dk, [&](double h) { return run(-1, 0.0, k + h); });
  for (int j = 0; j < n; ++j) {
    char name[32];
    std::snprintf(name, sizeof name, "dheat/du[%d]", j);
    check::fd(name, du[j], [&](double h) { return run(j, h, k); });
  }
  // Forward with a direction in u.
  double uf[n], tu[n] = {0.0, 0.5, -1.0, 0.25, 1.0, 0.0};
  double dir[n];
  for (int i = 0; i < n; ++i) {
    uf[i] = u0[i];
    dir[i] = tu[i];
  }
  auto [v1, t] = ddx::derivative(heat, ddx::duplicated(uf, tu), n, k, steps);
  double dot = 0.0;
  for (int i = 0; i < n; ++i)
    dot += du[i] * dir[i];
  check::near("value fwd", v1, run(-1, 0.0, k));
  check::near("fwd vs rev u", t, dot, 1e-10);
  return check::finish();
}
