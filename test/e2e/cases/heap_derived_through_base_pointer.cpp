// Case: objects of derived classes made with new and held by a pointer to
// their base (Potential *p = new Harmonic(k)): the values the constructor
// gives must reach the derived object whole, not only its base part (ddx
// once wrote them through the base pointer, slicing them off: a wrong value
// and derivative). Base classes with and without members of their own,
// chosen in branches and in a loop, virtual const and non-const members.
// Classes without a default constructor (Spring, Chain, with a std::vector
// member): the object is built by its constructor, its shadow a copy with
// every member zero. Both modes.
#include "check.hpp"
#include <cmath>
#include <vector>
#include <ddx/ddx.hpp>

struct Potential {
  double scale = 1;
  virtual ~Potential() = default;
  virtual double energy(double r) const { return 0 * r; }
};
struct Harmonic : Potential {
  double k = 1;
  Harmonic() = default;
  explicit Harmonic(double k) : k(k) {}
  double energy(double r) const override { return 0.5 * scale * k * r * r; }
};
struct Morse : Potential {
  double d = 1, a = 1;
  Morse() = default;
  Morse(double d, double a) : d(d), a(a) {}
  double energy(double r) const override {
    double e = 1 - std::exp(-a * r);
    return scale * d * e * e;
  }
};

double chosen(double r, double k) {
  double e = 0;
  for (int kind = 0; kind < 2; ++kind) {
    Potential *p = nullptr;
    if (kind == 0)
      p = new Harmonic(k);
    else
      p = new Morse(1.5, k * 0.5);
    p->scale = 1 + 0.1 * kind;
    e += p->energy(r);
    delete p;
  }
  Potential *fixed = new Morse(1.5, 0.7); // (values without derivatives)
  e += fixed->energy(r) * k;
  delete fixed;
  return e;
}

struct Body {
  virtual ~Body() = default;
  virtual void step(double dt) { (void)dt; }
  virtual double energy() const { return 0; }
};
struct Pendulum : Body {
  double x = 1, v = 0, k = 1;
  void step(double dt) override {
    v -= k * std::sin(x) * dt;
    x += v * dt;
  }
  double energy() const override { return 0.5 * v * v + k * (1 - std::cos(x)); }
};
struct Drift : Body {
  double x = 0, v = 1;
  Drift() = default;
  Drift(double x0, double v0) : x(x0), v(v0) {}
  void step(double dt) override { x += v * v * dt; }
  double energy() const override { return x * x; }
};

struct Spring : Potential {
  double k, r0;
  Spring(double k, double r0) : k(k), r0(r0) {}
  double energy(double r) const override {
    return scale * k * (r - r0) * (r - r0);
  }
};
struct Chain : Body {
  std::vector<double> x;
  double k;
  Chain(int n, double x0, double k) : x(n, x0), k(k) {
    for (int i = 1; i < n; ++i)
      x[i] = x[i - 1] * x0;
  }
  void step(double dt) override {
    for (std::size_t i = 0; i < x.size(); ++i)
      x[i] -= k * std::sin(x[i]) * dt;
  }
  double energy() const override {
    double e = 0;
    for (double xi : x)
      e += xi * xi;
    return e;
  }
};

double built(double k, double x0) {
  Potential *p = new Spring(k, 0.5 * x0);
  p->scale = x0;
  double e = p->energy(x0 * k);
  delete p;
  Body *b = new Chain(3, x0, k);
  for (int i = 0; i < 4; ++i)
    b->step(0.1);
  e += b->energy();
  delete b;
  Spring *s = new Spring(x0, k);
  e += s->energy(1.5);
  delete s;
  return e;
}

// A constructor that draws from a generator (a change outside the object)
// runs once: the primal object is made of zero bytes, then given its values
// by the constructor's derivative.
struct Rng {
  unsigned s = 1;
  double next() {
    s = s * 1103515245u + 12345u;
    return (s % 1000) / 1000.0;
  }
};
struct Grain {
  double a, w;
  Grain(Rng &g, double x) : a(g.next()), w(x) {}
};

double drawn(double x, double y) {
  Rng g;
  Grain *c = new Grain(g, x * y);
  double r = c->a * c->w + g.next() * x;
  delete c;
  return r;
}

double stepped(double k, double x0) {
  Body *bodies[2];
  Pendulum *p = new Pendulum();
  p->k = k;
  p->x = x0;
  bodies[0] = p;
  bodies[1] = new Drift(x0, k);
  double e = 0;
  for (int b = 0; b < 2; ++b) {
    for (int i = 0; i < 5; ++i)
      bodies[b]->step(0.1);
    e += bodies[b]->energy();
  }
  delete bodies[0];
  delete bodies[1];
  return e;
}

int main() {
  const double x = 0.9, y = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(chosen, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(chosen, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(chosen, x, ddx::dual(y, 1.0));
    check::two_inputs("chosen", chosen, x, y, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(stepped, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(stepped, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(stepped, x, ddx::dual(y, 1.0));
    check::two_inputs("stepped", stepped, x, y, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(built, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(built, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(built, x, ddx::dual(y, 1.0));
    check::two_inputs("built", built, x, y, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(drawn, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(drawn, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(drawn, x, ddx::dual(y, 1.0));
    check::two_inputs("drawn", drawn, x, y, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
