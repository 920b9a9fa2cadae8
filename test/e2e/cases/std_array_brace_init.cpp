// Case: a std::array initialised from active values with braces (brace
// elision: the elements are members of its inner array), both modes
#include <ddx/ddx.hpp>
#include <array>
#include <cmath>
#include "check.hpp"

double model(double k, double m) {
  std::array<double, 3> a{k, m, k * m};
  double s = 0;
  for (double v : a)
    s += std::sin(v) * v;
  return a[0] * a[1] + s;
}

int main() {
  const double k = 1.5, m = 0.5;
  auto [v, dk, dm] = ddx::gradient(model, ddx::active(k), ddx::active(m));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), m);
  auto [v2, tm] = ddx::derivative(model, k, ddx::dual(m, 1.0));
  check::near("value", v, model(k, m));
  check::fd("dmodel/dk", dk, [&](double h) { return model(k + h, m); });
  check::fd("dmodel/dm", dm, [&](double h) { return model(k, m + h); });
  check::near("fwd vs rev k", tk, dk, 1e-12);
  check::near("fwd vs rev m", tm, dm, 1e-12);
  return check::finish();
}
