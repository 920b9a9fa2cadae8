// Case: nested struct with an array member updated in place through a reference (time stepping), ddx::duplicated
#include <ddx/ddx.hpp>
#include "check.hpp"

struct Vec2 {
  double x, y;
};

struct Particle {
  Vec2 pos;
  Vec2 vel;
  double c[2];
};

void step(Particle& p, double dt) {
  for (int i = 0; i < 3; ++i) {
    p.pos.x += dt * p.vel.x;
    p.vel.x -= dt * p.c[0] * p.pos.x;
    p.pos.y += dt * p.vel.y;
    p.vel.y -= dt * (p.c[1] * p.pos.y + 0.1 * p.vel.y * p.vel.y);
  }
}

int main() {
  const Particle p0{{1.0, 0.5}, {0.2, -0.3}, {2.0, 1.5}};
  const double dt = 0.1;
  // Reverse: adjoint of the final pos.y.
  Particle p = p0;
  Particle dp{{0.0, 1.0}, {0.0, 0.0}, {0.0, 0.0}};
  auto [ddt] = ddx::gradient(step, ddx::duplicated(p, dp), ddx::active(dt));
  auto final_y = [&](Particle q, double t) { step(q, t); return q.pos.y; };
  check::fd("dy/dpos.x", dp.pos.x, [&](double h) { Particle q = p0; q.pos.x += h; return final_y(q, dt); });
  check::fd("dy/dpos.y", dp.pos.y, [&](double h) { Particle q = p0; q.pos.y += h; return final_y(q, dt); });
  check::fd("dy/dvel.y", dp.vel.y, [&](double h) { Particle q = p0; q.vel.y += h; return final_y(q, dt); });
  check::fd("dy/dc[1]", dp.c[1], [&](double h) { Particle q = p0; q.c[1] += h; return final_y(q, dt); });
  check::fd("dy/dc[0]", dp.c[0], [&](double h) { Particle q = p0; q.c[0] += h; return final_y(q, dt); });
  check::fd("dy/ddt", ddt, [&](double h) { return final_y(p0, dt + h); });
  // Forward: tangent direction in (vel.y, c[1]).
  Particle pf = p0;
  Particle tp{{0.0, 0.0}, {0.0, 1.0}, {0.0, -0.5}};
  ddx::derivative(step, ddx::duplicated(pf, tp), dt);
  Particle expect = p0;
  step(expect, dt);
  check::near("pos.y fwd", pf.pos.y, expect.pos.y);
  check::near("fwd vs rev", tp.pos.y, dp.vel.y * 1.0 + dp.c[1] * -0.5, 1e-10);
  return check::finish();
}
