// Case: a class with a user constructor (member-initialiser list, a
// member's default value the constructor leaves alone), a non-const
// step() and a const energy(); objects built directly, with braces, and
// anew in every iteration of a loop. The constructor is differentiated
// like a member function that sets the object. Forward and reverse mode
// against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct Particle {
  double x, v, m;
  double drag = 0.05;
  Particle(double x0, double v0) : x(x0), v(v0), m(1.0) {}
  void step(double dt) {
    x += v * dt;
    v -= (x + drag * v) * dt;
  }
  double energy() const { return 0.5 * m * v * v + 0.5 * x * x; }
};

double run(double a, double b) {
  Particle p(a, b);
  for (int i = 0; i < 4; ++i)
    p.step(0.1);
  Particle q{b, a};
  q.step(0.2);
  double e = p.energy() + q.energy();
  for (int i = 1; i < 4; ++i) {
    Particle r(a * i, std::sin(b) / i);
    r.step(0.05 * i);
    e += r.energy() * r.x;
  }
  return e;
}

int main() {
  const double a = 0.7, b = 1.3;
  auto [y, da, db] = ddx::gradient(run, ddx::active(a), ddx::active(b));
  auto [y1, ta] = ddx::derivative(run, ddx::dual(a, 1.0), b);
  auto [y2, tb] = ddx::derivative(run, a, ddx::dual(b, 1.0));
  check::near("value", y, run(a, b), 1e-12);
  check::near("value fwd", y1, run(a, b), 1e-12);
  check::fd("d/da", da, [&](double h) { return run(a + h, b); });
  check::fd("d/db", db, [&](double h) { return run(a, b + h); });
  check::fd("d/da fwd", ta, [&](double h) { return run(a + h, b); });
  check::fd("d/db fwd", tb, [&](double h) { return run(a, b + h); });
  (void)y2;
  return check::finish();
}
