// Case: std::array<double, N> by const reference (input) and by reference (output), .size(), operator[]
#include <array>
#include <ddx/ddx.hpp>
#include <cmath>
#include <cstdio>
#include "check.hpp"

double f(const std::array<double, 3>& a, double k) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * a[i] * (k + i);
  return std::sqrt(s) + a[1] * k;
}

void g(const std::array<double, 3>& a, std::array<double, 2>& out) {
  out[0] = a[0] * a[1] - a[2];
  out[1] = std::sin(a[2]) * out[0];
}

int main() {
  std::array<double, 3> a = {0.5, -0.8, 1.2};
  const double k = 0.7;
  {
    std::array<double, 3> da = {};
    auto [v, dk] = ddx::gradient(f, ddx::duplicated(a, da), ddx::active(k));
    check::near("f value", v, f(a, k));
    check::fd("df/dk", dk, [&](double h) { return f(a, k + h); });
    for (std::size_t j = 0; j < 3; ++j) {
      char name[32];
      std::snprintf(name, sizeof name, "df/da[%zu]", j);
      check::fd(name, da[j], [&](double h) {
        std::array<double, 3> c = a;
        c[j] += h;
        return f(c, k);
      });
    }
    std::array<double, 3> u = {0.1, 1.0, -0.4};
    auto [v1, t] = ddx::derivative(f, ddx::duplicated(a, u), k);
    check::near("f value fwd", v1, f(a, k));
    check::near("f fwd vs rev", t, da[0] * u[0] + da[1] * u[1] + da[2] * u[2], 1e-10);
  }
  {
    std::array<double, 3> da = {};
    std::array<double, 2> out = {}, dout = {0.0, 1.0};  // gradient of out[1]
    ddx::gradient(g, ddx::duplicated(a, da), ddx::duplicated(out, dout));
    for (std::size_t j = 0; j < 3; ++j) {
      char name[32];
      std::snprintf(name, sizeof name, "dout1/da[%zu]", j);
      check::fd(name, da[j], [&](double h) {
        std::array<double, 3> c = a;
        c[j] += h;
        std::array<double, 2> o;
        g(c, o);
        return o[1];
      });
    }
    std::array<double, 3> u = {0.6, -0.2, 0.9};
    std::array<double, 2> out2 = {}, tout = {};
    ddx::derivative(g, ddx::duplicated(a, u), ddx::duplicated(out2, tout));
    std::array<double, 2> expect;
    g(a, expect);
    check::near("g out[0] fwd", out2[0], expect[0]);
    check::near("g out[1] fwd", out2[1], expect[1]);
    check::near("g fwd vs rev", tout[1], da[0] * u[0] + da[1] * u[1] + da[2] * u[2], 1e-10);
  }
  return check::finish();
}
