// Case: range-based for over a C array, a std::vector (by const reference and
// by value element) and a std::array, with break and continue, both modes
#include <ddx/ddx.hpp>
#include <array>
#include <cmath>
#include <vector>
#include "check.hpp"

double over_vector(const std::vector<double> &v, double k) {
  double s = 0.0;
  for (const double &e : v) {
    if (e < 0.0)
      continue;
    s += k * e * e;
  }
  return s;
}

double over_array(const std::array<double, 4> &a) {
  double p = 1.0;
  for (double e : a) {
    p *= std::sin(e) + 2.0;
    if (p > 100.0)
      break;
  }
  return p;
}

double over_c_array(double x) {
  double c[3] = {x, 2.0 * x, x * x};
  double s = 0.0;
  for (double &e : c)
    e = std::exp(e);
  for (double e : c)
    s += e;
  return s;
}

int main() {
  std::vector<double> v = {0.3, -0.2, 1.1, 0.7};
  std::vector<double> dv(4, 0.0);
  auto [s, dk] = ddx::gradient(over_vector, ddx::duplicated(v, dv), ddx::active(1.5));
  check::near("vector value", s, over_vector(v, 1.5));
  check::fd("dvector/dk", dk, [&](double h) { return over_vector(v, 1.5 + h); });
  for (int i = 0; i < 4; ++i)
    check::fd("dvector/dv[i]", dv[i], [&](double h) {
      auto w = v;
      w[i] += h;
      return over_vector(w, 1.5);
    });
  std::vector<double> tv = {1.0, 0.0, -1.0, 0.5};
  auto [s1, ts] = ddx::derivative(over_vector, ddx::duplicated(v, tv), 1.5);
  double dot = 0;
  for (int i = 0; i < 4; ++i)
    dot += dv[i] * tv[i];
  check::near("vector fwd vs rev", ts, dot, 1e-12);

  std::array<double, 4> a = {0.4, 1.2, -0.5, 2.0}, da = {};
  auto [p] = ddx::gradient(over_array, ddx::duplicated(a, da));
  check::near("array value", p, over_array(a));
  for (int i = 0; i < 4; ++i)
    check::fd("darray/da[i]", da[i], [&](double h) {
      auto b = a;
      b[i] += h;
      return over_array(b);
    });

  auto [c, dx] = ddx::gradient(over_c_array, ddx::active(0.6));
  auto [c1, tx] = ddx::derivative(over_c_array, ddx::dual(0.6, 1.0));
  check::near("c array value", c, over_c_array(0.6));
  check::fd("dcarray/dx", dx, [&](double h) { return over_c_array(0.6 + h); });
  check::near("c array fwd vs rev", tx, dx, 1e-12);
  return check::finish();
}
