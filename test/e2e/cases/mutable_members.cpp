// Objects that change while const: mutable members written by const member
// functions (an accumulator, a cache, a functor's scratch space). Their
// derivatives travel like a non-const object's, and the reverse sweep
// restores the mutable members the forward sweep overwrote.
#include "check.hpp"
#include "ddx/ddx.hpp"
#include <cmath>
#include <vector>

struct Acc {
  mutable double s = 0;
  void add(double v) const { s += v; }
};

template <class F> void each(F f, double h) {
  for (int i = 0; i < 3; ++i)
    f(i * h);
}

// Written through a const object a lambda captures by reference.
double via_lambda(double x) {
  const Acc acc{};
  each([&](double t) { acc.add(t * x); }, .5);
  return acc.s * x;
}

// Written by const member calls on a const local.
double direct(double x) {
  const Acc acc{};
  acc.add(x * 2);
  acc.add(x * x);
  return acc.s * acc.s;
}

// Through a const reference and a pointer to const.
void add_sine(const Acc &a, double x) { a.add(std::sin(x)); }
void add_square(const Acc *p, double x) { p->add(x * x); }
double through_parameters(double x) {
  Acc acc;
  add_sine(acc, x);
  add_square(&acc, x);
  add_sine(acc, x * x);
  return acc.s * acc.s;
}

// A value computed once and kept.
struct Cached {
  double k;
  mutable double cache = 0;
  mutable bool valid = false;
  double value() const {
    if (!valid) {
      cache = std::exp(k);
      valid = true;
    }
    return cache;
  }
};
double cached(double x) {
  const Cached c{x};
  return c.value() * c.value() + x;
}

// A functor's scratch space, a mutable array inside a member, overwritten
// on every call by a const operator(): the reverse sweep of each call reads
// what that call wrote.
struct Scratch {
  mutable double w[2];
};
struct Model {
  Scratch scratch;
  double a;
  double operator()(double t) const {
    scratch.w[0] = a * t;
    scratch.w[1] = scratch.w[0] * scratch.w[0];
    return std::sin(scratch.w[1]) + t;
  }
};
template <class F> double sum3(const F &f) {
  double s = 0;
  for (int i = 1; i <= 3; ++i)
    s += f(0.5 * i);
  return s;
}
double functor_scratch(double x) {
  const Model m{{}, x};
  return sum3(m) * m.scratch.w[0];
}

// Index state in mutable members, changed through a pointer to a const
// array and through a const reference to a vector, in a loop whose reverse
// sweep reads the indices: saved and restored like any index.
struct Cursor {
  mutable int k = 0;
  void next() const { k = (k + 1) % 3; }
};
void advance(const Cursor *c) { c[0].next(); }
double cursor_array(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  const Cursor cs[2]{};
  double y = 0;
  for (int t = 0; t < 3; ++t) {
    advance(cs);
    y += x[cs[0].k] * x[cs[0].k] * (t + 1);
  }
  return y;
}
struct Counter {
  mutable int s = 0;
  void add(int v) const { s = (s + v) % 3; }
};
void add_all(const std::vector<Counter> &v) {
  for (auto &c : v)
    c.add(1);
}
double counter_vector(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  std::vector<Counter> counters(2);
  double y = 0;
  for (int t = 0; t < 3; ++t) {
    add_all(counters);
    y += x[counters[0].s] * x[counters[1].s] * (t + 1);
  }
  return y;
}

// A private mutable member changed by a passive call: nothing to restore
// by name, and nothing read depends on it.
class Hits {
  mutable int n = 0;

public:
  void hit() const { ++n; }
};
// A lambda reading its copy of an array through a pointer to const does
// not change it (it is not refused as keeping state).
double dot(const double *w, double t) { return w[0] * t + w[1]; }
template <class F> double sum_at_halves(F f) {
  double s = 0;
  for (int i = 0; i < 3; ++i)
    s += f(0.5 * i);
  return s;
}
double private_and_pointer(double x0, double x1, double x2) {
  const Hits h;
  h.hit();
  double w[2] = {x0, x1 * x2};
  return sum_at_halves([=](double t) { return dot(&w[0], t); }) * x0;
}

int main() {
  const double x = 0.7;
  auto g = [&](auto f) { return [f, x](double h) { return f(x + h); }; };
  {
    auto [y, d] = ddx::gradient(via_lambda, ddx::active(x));
    auto [v, t] = ddx::derivative(via_lambda, ddx::dual(x, 1.0));
    check::near("via_lambda value", y, via_lambda(x));
    check::fd("via_lambda reverse", d, g(via_lambda));
    check::fd("via_lambda forward", t, g(via_lambda));
  }
  {
    auto [y, d] = ddx::gradient(direct, ddx::active(x));
    auto [v, t] = ddx::derivative(direct, ddx::dual(x, 1.0));
    check::near("direct value", y, direct(x));
    check::fd("direct reverse", d, g(direct));
    check::fd("direct forward", t, g(direct));
  }
  {
    auto [y, d] = ddx::gradient(through_parameters, ddx::active(x));
    auto [v, t] = ddx::derivative(through_parameters, ddx::dual(x, 1.0));
    check::near("through_parameters value", y, through_parameters(x));
    check::fd("through_parameters reverse", d, g(through_parameters));
    check::fd("through_parameters forward", t, g(through_parameters));
  }
  {
    auto [y, d] = ddx::gradient(cached, ddx::active(x));
    auto [v, t] = ddx::derivative(cached, ddx::dual(x, 1.0));
    check::near("cached value", y, cached(x));
    check::fd("cached reverse", d, g(cached));
    check::fd("cached forward", t, g(cached));
  }
  {
    auto [y, d] = ddx::gradient(functor_scratch, ddx::active(x));
    auto [v, t] = ddx::derivative(functor_scratch, ddx::dual(x, 1.0));
    check::near("functor_scratch value", y, functor_scratch(x));
    check::fd("functor_scratch reverse", d, g(functor_scratch));
    check::fd("functor_scratch forward", t, g(functor_scratch));
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(cursor_array, ddx::active(0.5),
                                         ddx::active(-0.7), ddx::active(1.1));
    auto [a, t0] =
        ddx::derivative(cursor_array, ddx::dual(0.5, 1.0), -0.7, 1.1);
    auto [b, t1] =
        ddx::derivative(cursor_array, 0.5, ddx::dual(-0.7, 1.0), 1.1);
    auto [c, t2] =
        ddx::derivative(cursor_array, 0.5, -0.7, ddx::dual(1.1, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("cursor_array", cursor_array, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(counter_vector, ddx::active(0.5),
                                         ddx::active(-0.7), ddx::active(1.1));
    auto [a, t0] =
        ddx::derivative(counter_vector, ddx::dual(0.5, 1.0), -0.7, 1.1);
    auto [b, t1] =
        ddx::derivative(counter_vector, 0.5, ddx::dual(-0.7, 1.0), 1.1);
    auto [c, t2] =
        ddx::derivative(counter_vector, 0.5, -0.7, ddx::dual(1.1, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("counter_vector", counter_vector, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(private_and_pointer, ddx::active(0.5),
                                         ddx::active(-0.7), ddx::active(1.1));
    auto [a, t0] =
        ddx::derivative(private_and_pointer, ddx::dual(0.5, 1.0), -0.7, 1.1);
    auto [b, t1] =
        ddx::derivative(private_and_pointer, 0.5, ddx::dual(-0.7, 1.0), 1.1);
    auto [c, t2] =
        ddx::derivative(private_and_pointer, 0.5, -0.7, ddx::dual(1.1, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("private_and_pointer", private_and_pointer, y, d0, d1,
                        d2, t);
  }
  return check::finish();
}
