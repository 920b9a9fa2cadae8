// Case: plain struct passed by value, active (adjoint returned as a struct) and dual-seeded; member modified on the copy
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct Point {
  double x;
  double y;
};

double f(Point p, double k) {
  p.x *= k;  // modifies the local copy only
  Point q = p;
  q.y = q.y + p.x * p.x;
  return k * p.x * p.x + std::sin(q.y) * p.x;
}

int main() {
  const Point p{0.7, 1.2};
  const double k = 0.5;
  auto [v, dp, dk] = ddx::gradient(f, ddx::active(p), ddx::active(k));
  check::near("value", v, f(p, k));
  check::fd("df/dp.x", dp.x, [&](double h) { return f(Point{p.x + h, p.y}, k); });
  check::fd("df/dp.y", dp.y, [&](double h) { return f(Point{p.x, p.y + h}, k); });
  check::fd("df/dk", dk, [&](double h) { return f(p, k + h); });
  auto [v1, tx] = ddx::derivative(f, ddx::dual(p, Point{1.0, 0.0}), k);
  auto [v2, ty] = ddx::derivative(f, ddx::dual(p, Point{0.0, 1.0}), k);
  auto [v3, tk] = ddx::derivative(f, p, ddx::dual(k, 1.0));
  check::near("value fwd x", v1, f(p, k));
  check::near("value fwd y", v2, f(p, k));
  check::near("value fwd k", v3, f(p, k));
  check::near("fwd vs rev p.x", tx, dp.x, 1e-10);
  check::near("fwd vs rev p.y", ty, dp.y, 1e-10);
  check::near("fwd vs rev k", tk, dk, 1e-10);
  return check::finish();
}
