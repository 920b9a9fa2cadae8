// Case: fixed-size C array parameters (const double x[3], and reference to array), mixed with an active scalar
#include <ddx/ddx.hpp>
#include <cmath>
#include <cstdio>
#include "check.hpp"

double f(const double x[3], double k) {
  return x[0] * x[1] + k * x[2] * x[2] + std::exp(k * x[0]);
}

double g(const double (&x)[3]) { return std::sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]); }

int main() {
  double x[3] = {0.4, 1.1, -0.7};
  const double k = 0.9;
  {
    double dx[3] = {0.0, 0.0, 0.0};
    auto [v, dk] = ddx::gradient(f, ddx::duplicated(x, dx), ddx::active(k));
    check::near("f value", v, f(x, k));
    for (int j = 0; j < 3; ++j) {
      char name[32];
      std::snprintf(name, sizeof name, "df/dx[%d]", j);
      check::fd(name, dx[j], [&](double h) {
        double c[3] = {x[0], x[1], x[2]};
        c[j] += h;
        return f(c, k);
      });
    }
    check::fd("df/dk", dk, [&](double h) { return f(x, k + h); });
    double u[3] = {1.0, -0.5, 0.25};
    auto [v1, t] = ddx::derivative(f, ddx::duplicated(x, u), k);
    check::near("f value fwd", v1, f(x, k));
    check::near("f fwd vs rev x", t, dx[0] * u[0] + dx[1] * u[1] + dx[2] * u[2], 1e-10);
    double zero[3] = {0.0, 0.0, 0.0};
    auto [v2, tk] = ddx::derivative(f, ddx::duplicated(x, zero), ddx::dual(k, 1.0));
    check::near("f value fwd k", v2, f(x, k));
    check::near("f fwd vs rev k", tk, dk, 1e-10);
  }
  {
    double dx[3] = {};
    auto [v] = ddx::gradient(g, ddx::duplicated(x, dx));
    check::near("g value", v, g(x));
    for (int j = 0; j < 3; ++j) {
      char name[32];
      std::snprintf(name, sizeof name, "dg/dx[%d]", j);
      check::fd(name, dx[j], [&](double h) {
        double c[3] = {x[0], x[1], x[2]};
        c[j] += h;
        return g(c);
      });
    }
    double u[3] = {0.2, 0.3, -1.0};
    auto [v1, t] = ddx::derivative(g, ddx::duplicated(x, u));
    check::near("g value fwd", v1, g(x));
    check::near("g fwd vs rev", t, dx[0] * u[0] + dx[1] * u[1] + dx[2] * u[2], 1e-10);
  }
  return check::finish();
}
