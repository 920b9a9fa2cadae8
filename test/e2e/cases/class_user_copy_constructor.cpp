// Case: a class whose copy constructor and copy assignment do more than
// copy (a generation counter, a doubled value), copied in declarations,
// assignments, loops and into by-value parameters. The tangent of the
// object a copy is made from is passed by reference: passed by value, the
// user's copy constructor ran on the tangent too (gen + 1 landed in it: a
// wrong forward derivative). Both modes.
#include "check.hpp"
#include <ddx/ddx.hpp>

struct State {
  double x = 0, gen = 0;
  State() = default;
  State(double x) : x(x) {}
  State(const State &o) : x(o.x), gen(o.gen + 1) {}
  State &operator=(const State &o) {
    x = 2 * o.x;
    gen = o.gen;
    return *this;
  }
};

double copy_ctor(double a, double b) {
  State s(a);
  s.gen = b;
  State t = s;
  State u(t);
  return u.x * u.gen;
}

double user_assign(double a, double b) {
  State s(a), t(b);
  t = s;
  s = t;
  return s.x * b + t.x;
}

double assign_loop(double a, double b) {
  State s(a), t;
  for (int i = 0; i < 3; ++i) {
    t = s;
    s.x = t.x * b;
  }
  return s.x + t.gen * a;
}

static double weigh(State s, double w) { return s.x * s.gen * w; }
static double weigh_ref(const State &s, double w) { return s.x * s.gen + w; }

double by_value(double a, double b) {
  State s(a);
  s.gen = b;
  return weigh(s, b) + weigh_ref(s, a);
}

int main() {
  const double a = 0.7, b = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(copy_ctor, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(copy_ctor, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(copy_ctor, a, ddx::dual(b, 1.0));
    check::two_inputs("copy_ctor", copy_ctor, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(user_assign, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(user_assign, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(user_assign, a, ddx::dual(b, 1.0));
    check::two_inputs("user_assign", user_assign, a, b, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(assign_loop, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(assign_loop, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(assign_loop, a, ddx::dual(b, 1.0));
    check::two_inputs("assign_loop", assign_loop, a, b, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(by_value, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(by_value, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(by_value, a, ddx::dual(b, 1.0));
    check::two_inputs("by_value", by_value, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
