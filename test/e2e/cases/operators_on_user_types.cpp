// Case: overloaded operators of a user type: a Vec3 with member + and -
// (returning by value), member += and *= returning *this by reference
// (used as statements), a free double * Vec3, a unary minus, and a
// comparison in a branch; an n-body-style potential energy over three
// bodies built from them. Forward and reverse mode against finite
// differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct Vec3 {
  double x, y, z;
  Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator-(const Vec3 &o) const { return {x - o.x, y - o.y, z - o.z}; }
  Vec3 operator-() const { return {-x, -y, -z}; }
  Vec3 &operator+=(const Vec3 &o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  Vec3 &operator*=(double s) {
    x *= s;
    y *= s;
    z *= s;
    return *this;
  }
  bool operator<(const Vec3 &o) const { return x < o.x; }
};
Vec3 operator*(double s, const Vec3 &v) { return {s * v.x, s * v.y, s * v.z}; }
double dot(const Vec3 &a, const Vec3 &b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

double mix(double a, double b) {
  Vec3 p{a, b, 1.0}, q{b, a * a, 0.5};
  Vec3 r = p + q;
  Vec3 s = a * r;
  s += p;
  s *= b;
  Vec3 t = -(s - q);
  if (p < q)
    t += q;
  return dot(s, r) + std::sin(dot(t, q));
}

// The potential energy of three bodies, the first placed by (a, b).
double energy(double a, double b) {
  Vec3 pos[3] = {{a, b, 0.0}, {1.0, 0.0, 0.5}, {0.0, 1.5, -0.5}};
  double m[3] = {1.0, 2.0, 0.5 + b};
  double e = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j) {
      Vec3 d = pos[i] - pos[j];
      e -= m[i] * m[j] / std::sqrt(dot(d, d));
    }
  return e;
}

int main() {
  const double a = 0.7, b = 1.3;
  auto [y, da, db] = ddx::gradient(mix, ddx::active(a), ddx::active(b));
  auto [y1, ta] = ddx::derivative(mix, ddx::dual(a, 1.0), b);
  auto [y2, tb] = ddx::derivative(mix, a, ddx::dual(b, 1.0));
  check::near("mix value", y, mix(a, b), 1e-12);
  check::fd("mix d/da", da, [&](double h) { return mix(a + h, b); });
  check::fd("mix d/db", db, [&](double h) { return mix(a, b + h); });
  check::fd("mix d/da fwd", ta, [&](double h) { return mix(a + h, b); });
  check::fd("mix d/db fwd", tb, [&](double h) { return mix(a, b + h); });
  (void)y1;
  (void)y2;

  auto [e, ea, eb] = ddx::gradient(energy, ddx::active(a), ddx::active(b));
  auto [e1, ua] = ddx::derivative(energy, ddx::dual(a, 1.0), b);
  auto [e2, ub] = ddx::derivative(energy, a, ddx::dual(b, 1.0));
  check::near("energy value", e, energy(a, b), 1e-12);
  check::fd("energy d/da", ea, [&](double h) { return energy(a + h, b); });
  check::fd("energy d/db", eb, [&](double h) { return energy(a, b + h); });
  check::fd("energy d/da fwd", ua, [&](double h) { return energy(a + h, b); });
  check::fd("energy d/db fwd", ub, [&](double h) { return energy(a, b + h); });
  (void)e1;
  (void)e2;
  return check::finish();
}
