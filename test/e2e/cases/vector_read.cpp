// Case: const std::vector<double>& input: element reads, .size(), ddx::duplicated(v, dv), plus an active scalar
#include <ddx/ddx.hpp>
#include <cmath>
#include <cstdio>
#include <vector>
#include "check.hpp"

double f(const std::vector<double>& v, double k) {
  double s = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += std::sin(k * v[i]) * (i + 1);
  double last = v[v.size() - 1];
  return s + last * v[0];
}

int main() {
  std::vector<double> v = {0.2, -0.5, 0.9, 1.3, 0.1};
  std::vector<double> dv(v.size(), 0.0);
  const double k = 0.8;
  auto [val, dk] = ddx::gradient(f, ddx::duplicated(v, dv), ddx::active(k));
  check::near("value", val, f(v, k));
  check::fd("df/dk", dk, [&](double h) { return f(v, k + h); });
  for (std::size_t j = 0; j < v.size(); ++j) {
    char name[32];
    std::snprintf(name, sizeof name, "df/dv[%zu]", j);
    check::fd(name, dv[j], [&](double h) {
      std::vector<double> c = v;
      c[j] += h;
      return f(c, k);
    });
  }
  std::vector<double> u = {1.0, 0.5, -0.25, 0.0, 2.0};
  auto [val1, t] = ddx::derivative(f, ddx::duplicated(v, u), k);
  double dot = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i)
    dot += dv[i] * u[i];
  check::near("value fwd", val1, f(v, k));
  check::near("fwd vs rev v", t, dot, 1e-10);
  std::vector<double> zero(v.size(), 0.0);
  auto [val2, tk] = ddx::derivative(f, ddx::duplicated(v, zero), ddx::dual(k, 1.0));
  check::near("value fwd k", val2, f(v, k));
  check::near("fwd vs rev k", tk, dk, 1e-10);
  return check::finish();
}
