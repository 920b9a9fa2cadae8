// Case: a call whose value argument reads what the call itself changes:
// `upd(st, st + x)` with `double &st`, `p->upd(p->st + x)` through a
// virtual call, `s.add(s.w.back())` growing the vector it reads, and the
// same inside a loop. The reverse sweep must pass the argument's value
// from before the call (recorded by the forward sweep), not evaluate it
// again after the call changed what it reads. Both modes against finite
// differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

void upd(double &st, double v) { st = st * v; }

struct M {
  virtual ~M() = default;
  double st = 0;
  virtual void upd(double v) { st = v; }
};
struct N : M {
  void upd(double v) override { st = st * v + std::sin(v); }
};

struct S {
  std::vector<double> w;
  double k = 0;
  void add(double v) { w.push_back(v * k); }
};

double f(double x, double y) {
  double st = y;
  upd(st, st + x);
  for (int i = 0; i < 3; ++i)
    upd(st, 0.5 * st + x * i);
  N n;
  n.st = y;
  M *p = &n;
  p->upd(p->st + x);
  S s;
  s.k = y;
  s.w.push_back(x);
  for (int i = 0; i < 2; ++i)
    s.add(s.w.back());
  return st + p->st + s.w[0] + s.w[2];
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
