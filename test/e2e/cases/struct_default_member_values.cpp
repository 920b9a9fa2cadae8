// Case: structs whose members have default values (double x = 1.0;), as
// locals, nested, in arrays, std::array and std::vector, and as an active
// request argument: their derivatives start from zero, not from the
// defaults (the reverse sweep used to start from them), both modes
#include <ddx/ddx.hpp>
#include <array>
#include <vector>
#include "check.hpp"

struct P {
  double x = 1.0;
  double y = 2.0;
};
struct Q {
  P p;
  double w[2] = {0.5, 0.25};
  int n = 3;
};

double f(double a, double b) {
  P p;
  p.y = a * a;
  P q;
  q.x = b;
  Q r;
  r.p.x = a * b;
  r.w[1] = r.w[1] * b;
  P pair[2];
  pair[1].y = a;
  std::array<P, 2> fixed;
  fixed[0].x = b * b;
  std::vector<P> many(2);
  many[1].x = a * b;
  many[0] = p;
  return p.x * p.y + q.x * q.y + r.p.x * r.p.y + r.w[0] * r.w[1] * r.n +
         pair[1].x * pair[1].y + fixed[0].x * fixed[1].y +
         many[0].y * many[1].x;
}

double g(P p, double s) { return p.x * p.y * s + p.y; }

// Zero defaults beside a vector need no clearing; a member whose own class
// has a default constructor the user wrote (it sets k) does.
struct Layer {
  std::vector<double> w;
  double b = 0;
  double c{};
};
struct Gain {
  double k;
  Gain() : k(3.0) {}
};
struct Stage {
  Gain gain;
  double u;
};

P shifted(P p, double d) {
  p.x += d;
  return p;
}

double h(double a, double b) {
  Layer layer;
  layer.b = b * a;
  Stage st;
  st.gain.k = st.gain.k * a;
  st.u = b;
  double sum = 0;
  P p;
  p.y = b;
  for (int i = 0; i < 3; ++i) {
    P q = shifted(p, a * i); // a struct argument and result, in a loop
    sum += g(q, b) + q.x;
  }
  return layer.b * layer.b + layer.c + st.gain.k * st.u + sum;
}

int main() {
  const double a = 1.3, b = 0.45;
  auto [v, da, db] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, ta] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, tb] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, da, db, v1, ta, v2, tb);

  P p;
  p.x = 0.7;
  const double s = 1.9;
  auto [w, dp, ds] = ddx::gradient(g, ddx::active(p), ddx::active(s));
  check::near("g value", w, g(p, s));
  check::fd("dg/dp.x", dp.x, [&](double h) { P q = p; q.x += h; return g(q, s); });
  check::fd("dg/dp.y", dp.y, [&](double h) { P q = p; q.y += h; return g(q, s); });
  check::fd("dg/ds", ds, [&](double h) { return g(p, s + h); });
  auto [hv, ha, hb] = ddx::gradient(h, ddx::active(a), ddx::active(b));
  auto [hv1, ua] = ddx::derivative(h, ddx::dual(a, 1.0), b);
  check::near("h value", hv, h(a, b));
  check::near("h value fwd", hv1, h(a, b));
  check::fd("dh/da", ha, [&](double e) { return h(a + e, b); });
  check::fd("dh/db", hb, [&](double e) { return h(a, b + e); });
  check::near("h fwd vs rev a", ua, ha, 1e-12);
  return check::finish();
}
