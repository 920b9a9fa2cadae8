// Case: user functions returning a struct (with a nested array) by value
// carry the derivative of every member back to the caller, in both modes;
// a struct-returning function as a forward-mode target returns the tangent
// struct
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct State {
  double pos, vel;
  double hist[2];
};
State step(const State &s, double k, double dt) {
  State n = s;
  n.vel = s.vel - k * std::sin(s.pos) * dt;
  n.pos = s.pos + n.vel * dt;
  n.hist[0] = s.pos;
  n.hist[1] = n.hist[0] * n.vel;
  return n;
}
State start(double x) { return State{x, 0.5 * x, {x, x * x}}; }

double model(double x, double k) {
  State s = start(x);
  for (int i = 0; i < 4; ++i)
    s = step(s, k, 0.1);
  return s.pos * s.pos + s.vel + s.hist[1];
}

int main() {
  const double x = 0.9, k = 1.7;
  auto [y, dx, dk] = ddx::gradient(model, ddx::active(x), ddx::active(k));
  check::near("value", y, model(x, k));
  check::fd("d/dx", dx, [&](double h) { return model(x + h, k); });
  check::fd("d/dk", dk, [&](double h) { return model(x, k + h); });
  auto [y2, tx] = ddx::derivative(model, ddx::dual(x, 1.0), k);
  auto [y3, tk] = ddx::derivative(model, x, ddx::dual(k, 1.0));
  check::fd("fwd d/dx", tx, [&](double h) { return model(x + h, k); });
  check::fd("fwd d/dk", tk, [&](double h) { return model(x, k + h); });
  // The tangent of a struct result.
  auto [s, ts] = ddx::derivative(start, ddx::dual(x, 1.0));
  check::near("start value", s.pos, x);
  check::fd("start tangent vel", ts.vel, [&](double h) { return start(x + h).vel; });
  check::fd("start tangent hist[1]", ts.hist[1],
            [&](double h) { return start(x + h).hist[1]; });
  return check::finish();
}
