// Case: the particle-system model of issue 10: a Particle class with
// constructors, a non-const step() and a const energy(), held in a
// std::vector<Particle> made by the fill constructor, overwritten element by
// element with temporaries, stepped through a range-for by reference and
// summed through a const one. Forward and reverse mode against finite
// differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"
struct Particle {
  double x, v;
  Particle() : x(0), v(0) {}
  Particle(double x0, double v0) : x(x0), v(v0) {}
  void step(double dt, double k) { v -= k * x * dt; x += v * dt; }
  double energy(double k) const { return 0.5 * v * v + 0.5 * k * x * x; }
};
double run(double a, double k) {
  const int n = 4;
  std::vector<Particle> ps(n, Particle(a, 0.0));
  for (int i = 0; i < n; ++i) ps[i] = Particle(a * (i + 1), 0.1 * i);
  for (int t = 0; t < 10; ++t)
    for (auto &p : ps) p.step(0.01, k);
  double e = 0;
  for (const Particle &p : ps) e += p.energy(k);
  return e;
}
int main() {
  const double a = 0.7, b = 1.3;
  auto [y, da, db] = ddx::gradient(run, ddx::active(a), ddx::active(b));
  auto [y1, ta] = ddx::derivative(run, ddx::dual(a, 1.0), b);
  auto [y2, tb] = ddx::derivative(run, a, ddx::dual(b, 1.0));
  check::near("value", y, run(a, b), 1e-12);
  check::fd("d/da", da, [&](double h) { return run(a + h, b); });
  check::fd("d/dk", db, [&](double h) { return run(a, b + h); });
  check::fd("d/da fwd", ta, [&](double h) { return run(a + h, b); });
  check::fd("d/dk fwd", tb, [&](double h) { return run(a, b + h); });
  (void)y1; (void)y2;
  return check::finish();
}
