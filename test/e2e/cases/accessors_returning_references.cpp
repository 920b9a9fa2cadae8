// Case: member functions returning a reference to a part of their object
// (accessors): `double &operator[](int)` and its const twin, `double &x()`,
// one accessor through another (`(*this)[1]`), `double &operator()(int,
// int)` of a small matrix with a constant row length, one returning a
// struct element (`Particle &at(int)`), used through `->`, in a member
// function, bound to a local reference, written, compound-assigned and
// read. An accessor's call is an access path like `v[i]`: its shadow is the
// same accessor called on the shadow object. Forward and reverse mode,
// against finite differences.
#include <ddx/ddx.hpp>
#include "check.hpp"

struct Vec3 {
  double v[3];
  double &operator[](int i) { return v[i]; }
  const double &operator[](int i) const { return v[i]; }
  double &x() { return v[0]; }
  double &y() { return (*this)[1]; }
};
struct Mat3 {
  double a[9];
  double &operator()(int i, int j) { return a[i * 3 + j]; }
};
struct Particle {
  Vec3 pos;
  double m;
};
struct System {
  Particle ps[2];
  double w[2];
  Particle &at(int i) { return ps[i]; }
  double &weight(int i) { return w[i]; }
  double energy() { return at(0).m * at(0).pos.x() + at(1).m * at(1).pos[2]; }
};

double norm2(const Vec3 &a) { return a[0] * a[0] + a[1] * a[1] + a[2] * a[2]; }
double shift(Vec3 *q, const Vec3 &r) {
  q->x() += r[1];
  return q->y() * (*q)[2];
}

double vec(double s, double t) {
  Vec3 p{{s, t, s * t}};
  p[1] *= s;
  p.x() = p[2] + t;
  for (int i = 0; i < 3; ++i)
    p[i] += 0.5 * p[(i + 1) % 3];
  double &r = p[2];
  r *= s;
  return norm2(p) + p.y() * r;
}

double mat(double s, double t) {
  Mat3 m{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m(i, j) = s * (i + 1) + t * j;
  m(0, 0) *= m(1, 2);
  return m(1, 2) * m(2, 0) + m(0, 0);
}

double particles(double s, double t) {
  Vec3 p{{s, t, s * t}};
  System sys{{{p, s}, {{{t, s, 1.0}}, t}}, {1.0, s}};
  sys.at(1).pos.y() = sys.weight(1) * t;
  sys.at(0).m *= t;
  return sys.energy() + shift(&p, sys.at(1).pos) + p.y();
}

int main() {
  const double points[][2] = {{0.3, 1.2}, {-0.7, 0.4}};
  for (const auto &q : points) {
    const double s = q[0], t = q[1];
    {
      auto [y, ds, dt] = ddx::gradient(vec, ddx::active(s), ddx::active(t));
      auto [y1, ts] = ddx::derivative(vec, ddx::dual(s, 1.0), t);
      auto [y2, tt] = ddx::derivative(vec, s, ddx::dual(t, 1.0));
      check::near("vec value", y, vec(s, t), 1e-12);
      check::fd("vec d/ds", ds, [&](double h) { return vec(s + h, t); });
      check::fd("vec d/dt", dt, [&](double h) { return vec(s, t + h); });
      check::fd("vec d/ds fwd", ts, [&](double h) { return vec(s + h, t); });
      check::fd("vec d/dt fwd", tt, [&](double h) { return vec(s, t + h); });
      (void)y1, (void)y2;
    }
    {
      auto [y, ds, dt] = ddx::gradient(mat, ddx::active(s), ddx::active(t));
      auto [y1, ts] = ddx::derivative(mat, ddx::dual(s, 1.0), t);
      auto [y2, tt] = ddx::derivative(mat, s, ddx::dual(t, 1.0));
      check::near("mat value", y, mat(s, t), 1e-12);
      check::fd("mat d/ds", ds, [&](double h) { return mat(s + h, t); });
      check::fd("mat d/dt", dt, [&](double h) { return mat(s, t + h); });
      check::fd("mat d/ds fwd", ts, [&](double h) { return mat(s + h, t); });
      check::fd("mat d/dt fwd", tt, [&](double h) { return mat(s, t + h); });
      (void)y1, (void)y2;
    }
    {
      auto [y, ds, dt] =
          ddx::gradient(particles, ddx::active(s), ddx::active(t));
      auto [y1, ts] = ddx::derivative(particles, ddx::dual(s, 1.0), t);
      auto [y2, tt] = ddx::derivative(particles, s, ddx::dual(t, 1.0));
      check::near("particles value", y, particles(s, t), 1e-12);
      check::fd("particles d/ds", ds,
                [&](double h) { return particles(s + h, t); });
      check::fd("particles d/dt", dt,
                [&](double h) { return particles(s, t + h); });
      check::fd("particles d/ds fwd", ts,
                [&](double h) { return particles(s + h, t); });
      check::fd("particles d/dt fwd", tt,
                [&](double h) { return particles(s, t + h); });
      (void)y1, (void)y2;
    }
  }
  return check::finish();
}
