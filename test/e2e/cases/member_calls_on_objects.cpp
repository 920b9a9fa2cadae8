// Case: member functions of user structs called on objects other than the
// functor being differentiated: const members of a local built from active
// values (the shape the soundness issue saw crash), a non-const step()
// updating the object's state in a loop, calls on array elements and
// through a pointer, on a parameter taken by reference, by const
// reference and by pointer, on a member of another object, a member
// calling another member, and a static member function. Forward and
// reverse mode against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <string>
#include "check.hpp"

struct Params {
  double a, b;
  double shape(double t) const { return a * std::exp(-t); }
  double rate(double s) const { return b * s; }
  double both(double t, double s) const { return shape(t) * rate(s); }
  static double clip(double v) { return v > 2.0 ? 2.0 : v; }
};

double growth(double a, double b) {
  Params P{a, b};
  double s = 1.0;
  for (int i = 0; i < 10; ++i)
    s += P.shape(0.1 * i) * P.rate(s);
  return Params::clip(s) + P.both(0.3, s);
}

struct Particle {
  double x, v;
  void step(double dt, double k) {
    v -= k * x * dt;
    x += v * dt;
  }
  double energy(double k) const { return 0.5 * v * v + 0.5 * k * x * x; }
};

double oscillate(double x0, double k) {
  Particle p{x0, 0.0};
  for (int i = 0; i < 20; ++i)
    p.step(0.05, k);
  return p.energy(k);
}

double elements(double x0, double k) {
  Particle ps[2] = {{x0, 0.0}, {0.5 * x0, 0.1}};
  Particle *q = &ps[1];
  for (int i = 0; i < 5; ++i) {
    ps[0].step(0.1, k);
    q->step(0.1, k * 2);
  }
  return ps[0].energy(k) + q->energy(k);
}

// The object as a parameter: by reference (updated), const reference and
// pointer.
void advance(Particle &p, double k, int n) {
  for (int i = 0; i < n; ++i)
    p.step(0.02, k);
}
double measure(const Particle &p, const Particle *q, double k) {
  return p.energy(k) * q->energy(k);
}
double through_params(double x0, double k) {
  Particle p{x0, 0.2}, q{1.0, x0};
  advance(p, k, 8);
  advance(q, k * x0, 3);
  return measure(p, &q, k);
}

// A member of another object.
struct System {
  Particle body;
  Params env;
};
double nested(double x0, double k) {
  System s{{x0, 0.0}, {k, 0.5}};
  for (int i = 0; i < 4; ++i)
    s.body.step(0.1, s.env.shape(0.1 * i));
  return s.body.energy(k) + s.env.rate(s.body.x);
}

int main() {
  const double a = 0.3, b = 0.2, x0 = 1.1, k = 2.0;
  auto [y, da, db] = ddx::gradient(growth, ddx::active(a), ddx::active(b));
  auto [y1, ta] = ddx::derivative(growth, ddx::dual(a, 1.0), b);
  auto [y2, tb] = ddx::derivative(growth, a, ddx::dual(b, 1.0));
  check::near("growth value", y, growth(a, b), 1e-12);
  check::fd("growth d/da", da, [&](double h) { return growth(a + h, b); });
  check::fd("growth d/db", db, [&](double h) { return growth(a, b + h); });
  check::fd("growth d/da fwd", ta, [&](double h) { return growth(a + h, b); });
  check::fd("growth d/db fwd", tb, [&](double h) { return growth(a, b + h); });
  (void)y1;
  (void)y2;

  double (*models[])(double, double) = {oscillate, elements, through_params,
                                        nested};
  const char *names[] = {"oscillate", "elements", "through_params", "nested"};
  // (Each request names its function: requests are resolved statically.)
  auto [e0, e0x, e0k] = ddx::gradient(oscillate, ddx::active(x0), ddx::active(k));
  auto [e1, e1x, e1k] = ddx::gradient(elements, ddx::active(x0), ddx::active(k));
  auto [e2, e2x, e2k] = ddx::gradient(through_params, ddx::active(x0), ddx::active(k));
  auto [e3, e3x, e3k] = ddx::gradient(nested, ddx::active(x0), ddx::active(k));
  auto [f0, t0x] = ddx::derivative(oscillate, ddx::dual(x0, 1.0), k);
  auto [f1, t1x] = ddx::derivative(elements, ddx::dual(x0, 1.0), k);
  auto [f2, t2x] = ddx::derivative(through_params, ddx::dual(x0, 1.0), k);
  auto [f3, t3x] = ddx::derivative(nested, ddx::dual(x0, 1.0), k);
  auto [g0, t0k] = ddx::derivative(oscillate, x0, ddx::dual(k, 1.0));
  auto [g1, t1k] = ddx::derivative(elements, x0, ddx::dual(k, 1.0));
  auto [g2, t2k] = ddx::derivative(through_params, x0, ddx::dual(k, 1.0));
  auto [g3, t3k] = ddx::derivative(nested, x0, ddx::dual(k, 1.0));
  double values[] = {e0, e1, e2, e3};
  double dx[] = {e0x, e1x, e2x, e3x}, dk[] = {e0k, e1k, e2k, e3k};
  double tx[] = {t0x, t1x, t2x, t3x}, tk[] = {t0k, t1k, t2k, t3k};
  (void)f0, (void)f1, (void)f2, (void)f3, (void)g0, (void)g1, (void)g2, (void)g3;
  for (int m = 0; m < 4; ++m) {
    auto f = models[m];
    std::string n = names[m];
    check::near((n + " value").c_str(), values[m], f(x0, k), 1e-12);
    check::fd((n + " d/dx").c_str(), dx[m], [&](double h) { return f(x0 + h, k); });
    check::fd((n + " d/dk").c_str(), dk[m], [&](double h) { return f(x0, k + h); });
    check::fd((n + " d/dx fwd").c_str(), tx[m], [&](double h) { return f(x0 + h, k); });
    check::fd((n + " d/dk fwd").c_str(), tk[m], [&](double h) { return f(x0, k + h); });
  }
  return check::finish();
}
