// Case: std::vector as time-stepping code uses it: `u = next;` copying a
// whole vector back in every step of a loop (reverse mode records the
// vector each copy overwrites), and element access through front(),
// back() and at(i), read and written. Forward and reverse mode against
// finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

// Explicit steps of a periodic diffusion-reaction stencil.
double diffuse(double a, double b) {
  const int n = 5;
  std::vector<double> u(n), next(n);
  for (int i = 0; i < n; ++i)
    u[i] = a * std::sin(0.5 * i + b);
  for (int t = 0; t < 4; ++t) {
    for (int i = 0; i < n; ++i) {
      double left = u[(i + n - 1) % n], right = u[(i + 1) % n];
      next[i] = u[i] + 0.2 * (left - 2 * u[i] + right) - 0.1 * b * u[i] * u[i];
    }
    u = next;
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += u[i] * u[i];
  return s + u.front() * u.back();
}

double ends(double a, double b) {
  std::vector<double> v{a, b, a * b, 2.0};
  v.front() *= b;
  v.back() = v.at(1) + std::exp(a);
  v.at(2) += v.front();
  const std::vector<double> &w = v;
  return w.front() * w.back() + w.at(2) * v.at(0);
}

int main() {
  const double a = 0.7, b = 1.3;
  auto [y, da, db] = ddx::gradient(diffuse, ddx::active(a), ddx::active(b));
  auto [y1, ta] = ddx::derivative(diffuse, ddx::dual(a, 1.0), b);
  auto [y2, tb] = ddx::derivative(diffuse, a, ddx::dual(b, 1.0));
  check::near("diffuse value", y, diffuse(a, b), 1e-12);
  check::fd("diffuse d/da", da, [&](double h) { return diffuse(a + h, b); });
  check::fd("diffuse d/db", db, [&](double h) { return diffuse(a, b + h); });
  check::fd("diffuse d/da fwd", ta, [&](double h) { return diffuse(a + h, b); });
  check::fd("diffuse d/db fwd", tb, [&](double h) { return diffuse(a, b + h); });
  (void)y1;
  (void)y2;

  auto [e, ea, eb] = ddx::gradient(ends, ddx::active(a), ddx::active(b));
  auto [e1, ua] = ddx::derivative(ends, ddx::dual(a, 1.0), b);
  auto [e2, ub] = ddx::derivative(ends, a, ddx::dual(b, 1.0));
  check::near("ends value", e, ends(a, b), 1e-12);
  check::fd("ends d/da", ea, [&](double h) { return ends(a + h, b); });
  check::fd("ends d/db", eb, [&](double h) { return ends(a, b + h); });
  check::fd("ends d/da fwd", ua, [&](double h) { return ends(a + h, b); });
  check::fd("ends d/db fwd", ub, [&](double h) { return ends(a, b + h); });
  (void)e1;
  (void)e2;
  return check::finish();
}
