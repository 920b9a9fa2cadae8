// Case: different parts of one variable passed to a const reference and to
// a reference the callee writes (`advance(body.vel, body.pos)`, `step(y[0],
// y[1])`), or to a const reference and as the object of a non-const member
// function (`zs[0].mulBy(zs[1])`, `a.scaleBy(b)`): they do not overlap, so
// the call is differentiated (the same part passed to both is refused:
// negative/aliased_const_reference_argument,
// negative/aliased_object_and_const_reference). Both modes.
#include "check.hpp"
#include <ddx/ddx.hpp>
#include <vector>

struct V3 {
  double x, y, z;
};
struct Body {
  V3 pos, vel;
};

static void advance(const V3 &v, V3 &p, double dt) {
  p.x += v.x * dt;
  p.y += v.y * dt;
  p.z += v.z * dt;
}
static void step(const double &a, double &b) { b = b * a + 1.0; }

struct Z {
  double re = 0, im = 0;
  void mulBy(const Z &o) {
    double r = re * o.re - im * o.im;
    im = re * o.im + im * o.re;
    re = r;
  }
  Z &operator+=(const Z &o) {
    re += o.re;
    im += o.im * re;
    return *this;
  }
};
struct Scaled {
  double w = 1, x = 0;
  void scaleBy(const double &k) { w = w * x + k; }
};

static double members(double a, double b) {
  std::vector<Z> zs(3);
  zs[0].re = a;
  zs[0].im = b;
  zs[1].re = b;
  zs[1].im = 0.5;
  zs[0].mulBy(zs[1]);
  zs[2] += zs[0];
  zs[2].mulBy(zs.front());
  Z w;
  w.re = a * b;
  w += zs[0];
  Scaled s;
  s.x = a;
  double k = b;
  s.scaleBy(k);
  return zs[0].im + zs[2].re + w.im + s.w;
}

double f(double a, double b) {
  Body body{{a, b, 1.0}, {b, a, 0.5}};
  for (int i = 0; i < 3; ++i)
    advance(body.vel, body.pos, 0.1);
  double y[3] = {a, b, a * b};
  step(y[0], y[1]);
  step(y[2], y[1]);
  return body.pos.x * body.pos.y + y[1] + members(a, b);
}

int main() {
  const double a = 0.7, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
