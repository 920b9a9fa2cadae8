// Case: std::unique_ptr and std::shared_ptr owning active data. The memory
// std::make_unique, std::make_shared or `std::unique_ptr<T>(new T...)`
// makes gets a shadow made alike (a smart pointer of the same type, zero),
// `p->x`, `*p`, `p[i]` and `p.get()` read it as a pointer's, and a pointer
// given new memory in a loop hands the old one to the tape in reverse
// mode, which keeps it until the reverse sweep is back where it was made.
// Smart pointers passed to callees by reference, read and given new
// memory there; smart pointers local to a callee whose reverse sweep runs
// apart (the tape takes them to it); smart pointers to const (their
// shadows are written all the same) and copies converted to a base or to
// const. Once refused. Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <memory>

struct Potential {
  double scale = 1;
  virtual ~Potential() = default;
  virtual double energy(double r) const = 0;
};
struct Harmonic : Potential {
  double k;
  explicit Harmonic(double k) : k(k) {}
  double energy(double r) const override { return 0.5 * scale * k * r * r; }
};
struct Morse : Potential {
  double d, a;
  Morse(double d, double a) : d(d), a(a) {}
  double energy(double r) const override {
    double e = 1 - std::exp(-a * r);
    return scale * d * e * e;
  }
};
struct Params {
  double rate = 0, offset = 0;
};
struct Point {
  double x, y;
};

static double total(const Potential &p, double r) {
  return p.energy(r) + p.energy(2 * r);
}
static double sum_squares(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i] * v[i];
  return s;
}

struct Term {
  virtual ~Term() = default;
  virtual double eval(double x) const = 0;
};
struct Square : Term {
  double c;
  explicit Square(double c) : c(c) {}
  double eval(double x) const override { return c * x * x; }
};
struct Line : Term {
  double c = 0;
  Line() = default;
  explicit Line(double c) : c(c) {}
  double eval(double x) const override { return c * x + x; }
};
static double use(const std::unique_ptr<Term> &t, double x) {
  return t->eval(x) * x;
}
static void replace(std::unique_ptr<Term> &t, double k) {
  t = std::make_unique<Line>(k);
}

// A buffer of run-time size.
double buffer(double a, double b) {
  int n = 4;
  auto u = std::make_unique<double[]>(n);
  for (int i = 0; i < n; ++i)
    u[i] = a * (i + 1) + std::sin(b * i);
  double s = sum_squares(u.get(), n);
  return s + u[1] * b;
}

// A model chosen in a loop, held by a pointer to its base.
double models(double r, double k) {
  double e = 0;
  std::unique_ptr<Potential> p;
  for (int kind = 0; kind < 4; ++kind) {
    if (kind % 2 == 0)
      p = std::make_unique<Harmonic>(k * (kind + 1));
    else
      p = std::make_unique<Morse>(1.5, k * 0.5);
    p->scale = 1 + 0.1 * kind;
    e += p->energy(r) + total(*p, r);
  }
  auto q = std::make_unique<Morse>(2.0, k);
  e += q->energy(r) * (*q).d;
  std::unique_ptr<Point> pt(new Point{r, k});
  pt->y *= pt->x;
  return e + pt->y;
}

// Parameters shared by two owners, written through one and read through
// the other.
double shared(double a, double b) {
  auto prm = std::make_shared<Params>();
  prm->rate = a;
  prm->offset = b;
  std::shared_ptr<Params> alias = prm;
  alias->rate *= b;
  double s = 0;
  for (int i = 0; i < 3; ++i) {
    std::shared_ptr<Params> step = std::make_shared<Params>(*prm);
    step->offset += s * a;
    s += step->rate * step->offset;
  }
  return s + prm->rate;
}

// Passed by reference to callees that read it and give it new memory.
double terms(double a, double b) {
  std::unique_ptr<Term> t = std::make_unique<Square>(a);
  double s = use(t, b);
  for (int i = 0; i < 2; ++i) {
    replace(t, a * b + i);
    s += use(t, a);
  }
  return s;
}

// Locals of callees differentiated apart in reverse mode, called in a loop.
static double cube(double x) {
  auto acc = std::make_unique<double>(x);
  *acc *= x;
  return *acc * x;
}
static double spread(double a, double b) {
  auto p = std::make_shared<Params>();
  p->rate = a;
  p->offset = p->rate * b;
  std::shared_ptr<const Params> view = p; // (to const)
  return view->offset * view->rate;
}
double callees(double a, double b) {
  double s = 0;
  for (int i = 0; i < 3; ++i)
    s += cube(a + 0.1 * i) + spread(a, b + i);
  return s;
}

// Parameters behind pointers to const, and a model viewed through its base.
double to_const(double a, double b) {
  std::shared_ptr<const Params> prm = std::make_shared<Params>(Params{a, b});
  auto fixed = std::make_shared<const Params>(Params{b, 2.0});
  std::unique_ptr<const Point> pt = std::make_unique<Point>(Point{a * b, b});
  std::shared_ptr<Harmonic> h = std::make_shared<Harmonic>(a);
  std::shared_ptr<const Potential> base = h;
  h->scale = b;
  return prm->rate * fixed->rate + (*pt).x * prm->offset + base->energy(b);
}

int main() {
  const double a = 0.7, b = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(buffer, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(buffer, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(buffer, a, ddx::dual(b, 1.0));
    check::two_inputs("buffer", buffer, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(models, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(models, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(models, a, ddx::dual(b, 1.0));
    check::two_inputs("models", models, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(shared, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(shared, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(shared, a, ddx::dual(b, 1.0));
    check::two_inputs("shared", shared, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(terms, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(terms, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(terms, a, ddx::dual(b, 1.0));
    check::two_inputs("terms", terms, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(callees, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(callees, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(callees, a, ddx::dual(b, 1.0));
    check::two_inputs("callees", callees, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(to_const, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(to_const, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(to_const, a, ddx::dual(b, 1.0));
    check::two_inputs("to_const", to_const, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
