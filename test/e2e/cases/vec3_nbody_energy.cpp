// Case: a Vec3 n-body energy. A Vec3 with member and free operators, a
// const norm(); bodies as a std::vector of structs holding a Vec3 and a
// mass; the pairwise gravitational energy plus the kinetic energy, and a
// leapfrog step that moves the bodies (vector elements written through
// member operators in a loop, so reverse mode restores what it overwrote).
// Gradient with respect to every position and mass, forward mode per
// direction, against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

struct Vec3 {
  double x, y, z;
  Vec3 operator-(const Vec3 &o) const { return {x - o.x, y - o.y, z - o.z}; }
  Vec3 &operator+=(const Vec3 &o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  double norm() const { return std::sqrt(x * x + y * y + z * z); }
};
Vec3 operator*(double s, const Vec3 &v) { return {s * v.x, s * v.y, s * v.z}; }

struct Body {
  Vec3 r, v;
  double m;
};

double energy(std::vector<Body> &bodies, double dt) {
  int n = bodies.size();
  for (int step = 0; step < 2; ++step) {
    for (int i = 0; i < n; ++i) {
      Vec3 a{0, 0, 0};
      for (int j = 0; j < n; ++j) {
        if (j == i)
          continue;
        Vec3 d = bodies[j].r - bodies[i].r;
        double dist = d.norm();
        a += (bodies[j].m / (dist * dist * dist)) * d;
      }
      bodies[i].v += dt * a;
    }
    for (int i = 0; i < n; ++i)
      bodies[i].r += dt * bodies[i].v;
  }
  double e = 0;
  for (int i = 0; i < n; ++i) {
    const Vec3 &v = bodies[i].v;
    e += 0.5 * bodies[i].m * (v.x * v.x + v.y * v.y + v.z * v.z);
    for (int j = i + 1; j < n; ++j)
      e -= bodies[i].m * bodies[j].m / (bodies[i].r - bodies[j].r).norm();
  }
  return e;
}

std::vector<Body> start() {
  return {{{0, 0, 0}, {0, 0.1, 0}, 1.0},
          {{1, 0.2, 0}, {0, 0.9, 0.1}, 0.3},
          {{-0.5, 1, 0.3}, {0.4, 0, 0}, 0.2}};
}

int main() {
  const double dt = 0.05;
  std::vector<Body> b = start();
  std::vector<Body> db(3, Body{{0, 0, 0}, {0, 0, 0}, 0});
  auto [y] = ddx::gradient(energy, ddx::duplicated(b, db), dt);
  std::vector<Body> s = start();
  check::near("value", y, energy(s, dt), 1e-12);
  // Each body's x position and mass.
  for (int k = 0; k < 3; ++k) {
    for (int which = 0; which < 2; ++which) {
      auto g = [&](double h) {
        std::vector<Body> p = start();
        (which == 0 ? p[k].r.x : p[k].m) += h;
        return energy(p, dt);
      };
      double grad = which == 0 ? db[k].r.x : db[k].m;
      check::fd(which == 0 ? "d/dx reverse" : "d/dm reverse", grad, g);
      std::vector<Body> p = start();
      std::vector<Body> t(3, Body{{0, 0, 0}, {0, 0, 0}, 0});
      (which == 0 ? t[k].r.x : t[k].m) = 1.0;
      auto [y2, tan] = ddx::derivative(energy, ddx::duplicated(p, t), dt);
      check::near(which == 0 ? "d/dx forward" : "d/dm forward", tan, grad,
                  1e-9);
      (void)y2;
    }
  }
  return check::finish();
}
