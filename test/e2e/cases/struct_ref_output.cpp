// Case: plain struct by non-const reference as an output (members written, one read back), ddx::duplicated
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct State {
  double pos;
  double vel;
};

void f(double x, double y, State& s) {
  s.pos = x * y;
  s.vel = std::sin(x) + s.pos * y;
}

int main() {
  const double x = 0.6, y = 1.7;
  // Row for s.pos.
  State s{}, ds{1.0, 0.0};
  auto [dpx, dpy] = ddx::gradient(f, ddx::active(x), ddx::active(y), ddx::duplicated(s, ds));
  // Row for s.vel.
  State s2{}, ds2{0.0, 1.0};
  auto [dvx, dvy] = ddx::gradient(f, ddx::active(x), ddx::active(y), ddx::duplicated(s2, ds2));
  check::fd("dpos/dx", dpx, [&](double h) { State o; f(x + h, y, o); return o.pos; });
  check::fd("dpos/dy", dpy, [&](double h) { State o; f(x, y + h, o); return o.pos; });
  check::fd("dvel/dx", dvx, [&](double h) { State o; f(x + h, y, o); return o.vel; });
  check::fd("dvel/dy", dvy, [&](double h) { State o; f(x, y + h, o); return o.vel; });
  State expect;
  f(x, y, expect);
  State s3{}, t3{};
  ddx::derivative(f, ddx::dual(x, 1.0), y, ddx::duplicated(s3, t3));
  check::near("pos fwd", s3.pos, expect.pos);
  check::near("vel fwd", s3.vel, expect.vel);
  check::near("fwd vs rev pos/x", t3.pos, dpx, 1e-10);
  check::near("fwd vs rev vel/x", t3.vel, dvx, 1e-10);
  State s4{}, t4{};
  ddx::derivative(f, x, ddx::dual(y, 1.0), ddx::duplicated(s4, t4));
  check::near("fwd vs rev pos/y", t4.pos, dpy, 1e-10);
  check::near("fwd vs rev vel/y", t4.vel, dvy, 1e-10);
  return check::finish();
}
