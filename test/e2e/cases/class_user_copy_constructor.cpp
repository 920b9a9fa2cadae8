// Case: a class whose copy constructor and copy assignment do more than
// copy (a generation counter, a doubled value), copied in declarations,
// assignments, loops and into by-value parameters. The tangent of the
// object a copy is made from is passed by reference: passed by value, the
// user's copy constructor ran on the tangent too (gen + 1 landed in it: a
// wrong forward derivative). Both modes; a std::vector by value, whose
// copy is the library's, stays a copy.
#include "check.hpp"
#include <ddx/ddx.hpp>
#include <vector>

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

// A library class's copy (a std::vector's) is C++'s own: the callee
// changes its copy, not the caller's vector (forward mode: reverse mode
// refuses a container by value).
static double tail(std::vector<double> w) {
  w[0] = w[1] * w[1];
  return w[0] + w[1];
}

double vector_by_value(double a, double b) {
  std::vector<double> w{a, b};
  double r = tail(w);
  return r * w[0];
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
  {
    auto [v1, tx] = ddx::derivative(vector_by_value, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(vector_by_value, a, ddx::dual(b, 1.0));
    check::near("vector_by_value value", v1, vector_by_value(a, b));
    check::near("vector_by_value value y", v2, vector_by_value(a, b));
    check::fd("vector_by_value d/dx", tx,
              [&](double h) { return vector_by_value(a + h, b); });
    check::fd("vector_by_value d/dy", ty,
              [&](double h) { return vector_by_value(a, b + h); });
  }
  return check::finish();
}
