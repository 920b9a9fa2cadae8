// Case: user constructors that build temporaries: a Vec3 whose operators
// return `Vec3(...)`, `Vec3 w = Vec3(...) + u * 2.0`, a class whose member
// of class type is built by that member's constructor (`pos(a, b, a * b)`),
// a defaulted constructor argument, and a constructor body with a branch
// and a loop. Forward and reverse mode against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"
struct Vec3 {
  double x, y, z;
  Vec3() : x(0), y(0), z(0) {}
  Vec3(double a, double b, double c) : x(a), y(b), z(c) {}
  explicit Vec3(double s) : Vec3() { x = s; y = 2 * s; z = s * s; }
  Vec3 operator+(const Vec3 &o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
  Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
  double norm2() const { return x * x + y * y + z * z; }
};
struct Body {
  Vec3 pos;
  double mass = 1.0;
  double scale;
  Body(const Vec3 &p, double m) : pos(p), mass(m) { scale = std::sqrt(m); }
  Body(double a, double b, double m = 2.0) : pos(a, b, a * b), mass(m), scale(1.0) {
    if (a > b) scale = a - b;
    for (int i = 0; i < 2; ++i) pos.z += scale * 0.1;
  }
};
double f(double a, double b) {
  Vec3 u(a, b, 1.0);
  Vec3 w = Vec3(b, a, a * a) + u * 2.0;
  Body p(u + w, b);
  Body q(a, b);
  Body r = Body(b, a, 3.0);
  double e = 0;
  for (int i = 0; i < 3; ++i) {
    Vec3 d(a * i, b, 0.5);
    e += (d + p.pos).norm2() * q.scale;
  }
  return e + p.scale * w.norm2() + q.pos.z * q.mass + r.scale + r.pos.norm2();
}
int main() {
  const double a = 0.7, b = 1.3;
  auto [y, da, db] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [y1, ta] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [y2, tb] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::near("value", y, f(a, b), 1e-12);
  check::fd("d/da", da, [&](double h) { return f(a + h, b); });
  check::fd("d/db", db, [&](double h) { return f(a, b + h); });
  check::fd("d/da fwd", ta, [&](double h) { return f(a + h, b); });
  check::fd("d/db fwd", tb, [&](double h) { return f(a, b + h); });
  (void)y1; (void)y2;
  return check::finish();
}
