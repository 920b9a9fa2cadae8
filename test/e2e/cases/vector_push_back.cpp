// Case: std::vector grown with push_back and emplace_back: a history of
// states recorded in a time-stepping loop and read afterwards, a vector of
// objects built by a constructor, and a vector that grows inside a loop
// that also runs again (the reverse sweep takes each element off after its
// adjoint has flowed back). Forward and reverse mode against finite
// differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

struct Particle {
  double x, v;
  Particle(double x0, double v0) : x(x0), v(v0) {}
  double energy() const { return 0.5 * v * v + 0.5 * x * x; }
};

// Records x at every step of a damped oscillator, then averages the
// squared record.
double history(double a, double b) {
  std::vector<double> xs;
  double x = a, v = 0;
  for (int t = 0; t < 8; ++t) {
    v -= (b * x + 0.1 * v) * 0.1;
    x += v * 0.1;
    xs.push_back(x);
  }
  xs.emplace_back(std::sin(x));
  double s = 0;
  for (double r : xs)
    s += r * r;
  return s / xs.size() + xs.front() * xs.back();
}

double swarm(double a, double b) {
  std::vector<Particle> ps;
  for (int i = 0; i < 3; ++i)
    ps.push_back(Particle(a * (i + 1), b - i));
  ps.push_back({b, a});
  double e = 0;
  for (int k = 0; k < 2; ++k) {
    std::vector<double> w;
    for (const Particle &p : ps)
      w.push_back(p.energy() * (k + 1));
    for (int i = 0; i < (int)w.size(); ++i)
      e += w[i] * ps[i].x;
  }
  return e;
}

int main() {
  const double a = 0.7, b = 1.3;
  auto [y, da, db] = ddx::gradient(history, ddx::active(a), ddx::active(b));
  auto [y1, ta] = ddx::derivative(history, ddx::dual(a, 1.0), b);
  auto [y2, tb] = ddx::derivative(history, a, ddx::dual(b, 1.0));
  check::near("history value", y, history(a, b), 1e-12);
  check::fd("history d/da", da, [&](double h) { return history(a + h, b); });
  check::fd("history d/db", db, [&](double h) { return history(a, b + h); });
  check::fd("history d/da fwd", ta, [&](double h) { return history(a + h, b); });
  check::fd("history d/db fwd", tb, [&](double h) { return history(a, b + h); });
  (void)y1;
  (void)y2;

  auto [e, ea, eb] = ddx::gradient(swarm, ddx::active(a), ddx::active(b));
  auto [e1, ua] = ddx::derivative(swarm, ddx::dual(a, 1.0), b);
  auto [e2, ub] = ddx::derivative(swarm, a, ddx::dual(b, 1.0));
  check::near("swarm value", e, swarm(a, b), 1e-12);
  check::fd("swarm d/da", ea, [&](double h) { return swarm(a + h, b); });
  check::fd("swarm d/db", eb, [&](double h) { return swarm(a, b + h); });
  check::fd("swarm d/da fwd", ua, [&](double h) { return swarm(a + h, b); });
  check::fd("swarm d/db fwd", ub, [&](double h) { return swarm(a, b + h); });
  (void)e1;
  (void)e2;
  return check::finish();
}
