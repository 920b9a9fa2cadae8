// Case: virtual member functions that change the object. A Model
// interface with a const rate(t) and a non-const update(dt) that steps the
// object's state; the concrete model (Decay or Growth, locals built in the
// differentiated function) is chosen at run time through a base pointer,
// and simulate() drives it through a `Model &`. The reverse sweep replays
// each dispatch on the recorded branch. Also the gradient with respect to
// the parameters of a model passed in (its shadow an object of its own
// class), and a class derived from a concrete model that overrides only
// one of the two functions. Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct Model {
  virtual ~Model() = default;
  virtual double rate(double t) const = 0;
  virtual void update(double dt) = 0;
  double state = 0;
};

struct Decay : Model {
  double k = 0;
  double rate(double t) const override { return -k * state * (1.0 + 0.1 * t); }
  void update(double dt) override { state += dt * rate(0.0); }
};

struct Growth : Model {
  double g = 0, cap = 0;
  double rate(double t) const override {
    return g * state * (1.0 - state / cap) + 0.01 * t;
  }
  void update(double dt) override { state = state + dt * rate(1.0); }
};

// Overrides rate only: update is Decay's, whose rate(0.0) reaches this one.
struct DampedDecay : Decay {
  double damping = 0.5;
  double rate(double t) const override {
    return Decay::rate(t) * (1.0 - damping * std::sin(state));
  }
};

double simulate(Model &m, int steps, double dt) {
  double acc = 0;
  for (int i = 0; i < steps; ++i) {
    m.update(dt);
    acc += m.rate(i * dt) * dt;
  }
  return acc + m.state;
}

double run(double a, double b, int kind) {
  Decay d;
  d.k = a;
  d.state = b;
  Growth g;
  g.g = a * 0.5;
  g.cap = 3.0 * b;
  g.state = b;
  DampedDecay dd;
  dd.k = b;
  dd.state = a;
  dd.damping = a * b;
  Model *m = &d;
  if (kind == 1)
    m = &g;
  else if (kind == 2)
    m = &dd;
  return simulate(*m, 5, 0.1);
}

int main() {
  const double a = 1.3, b = 0.7;
  for (int kind = 0; kind < 3; ++kind) {
    auto f = [kind](double x, double y) { return run(x, y, kind); };
    auto [v, dx, dy] =
        ddx::gradient(run, ddx::active(a), ddx::active(b), kind);
    auto [v1, tx] = ddx::derivative(run, ddx::dual(a, 1.0), b, kind);
    auto [v2, ty] = ddx::derivative(run, a, ddx::dual(b, 1.0), kind);
    check::two_inputs("run", f, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  // The parameters of a model passed in.
  DampedDecay m;
  m.k = 0.9;
  m.state = 1.1;
  m.damping = 0.3;
  DampedDecay dm;
  dm.damping = 0;
  DampedDecay start = m;
  auto [y] = ddx::gradient(simulate, ddx::duplicated(m, dm), 5, 0.1);
  DampedDecay copy = start;
  check::near("value", y, simulate(copy, 5, 0.1), 1e-12);
  check::fd("d/dk", dm.k, [&](double h) {
    DampedDecay q = start;
    q.k += h;
    return simulate(q, 5, 0.1);
  });
  check::fd("d/ddamping", dm.damping, [&](double h) {
    DampedDecay q = start;
    q.damping += h;
    return simulate(q, 5, 0.1);
  });
  check::fd("d/dstate", dm.state, [&](double h) {
    DampedDecay q = start;
    q.state += h;
    return simulate(q, 5, 0.1);
  });
  return check::finish();
}
