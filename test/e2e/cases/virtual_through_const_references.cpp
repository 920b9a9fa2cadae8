// Case: virtual calls reached through const references, where the object
// is of a derived class whose data the base does not hold: `this` in a
// const member of the base (d.callv(x) dispatching to D::v), a `const B &`
// parameter passed on to a helper, and a pointer to a concrete base with
// no data members of its own. The shadow is passed by reference all the
// way, so the derived class's members get their adjoints (a copy of the
// base's part would lose them). Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct B {
  virtual ~B() = default;
  double p = 2.0;
  virtual double v(double x) const { return p * x; }
  double callv(double x) const { return v(x); }
};
struct D : B {
  double c = 1.0;
  double v(double x) const override { return c * x * x + p; }
};

double through_this(double x, double y) {
  D d;
  d.p = x;
  d.c = y;
  return d.callv(x);
}

double callv(const B &o, double x) { return o.v(x) * 2.0; }
double helper(const B &o, double x) { return callv(o, x) + x; }

struct P {
  virtual ~P() = default;
  virtual double energy(double r) const { return r; }
  double twice(double r) const { return 2.0 * energy(r); }
};
struct H : P {
  double k = 0;
  double energy(double r) const override { return k * r * r; }
};
double scaled(const P *p, double s) { return p->twice(s); }

int main() {
  const double a = 0.8, b = 1.3;
  {
    auto [v, dx, dy] =
        ddx::gradient(through_this, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(through_this, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(through_this, a, ddx::dual(b, 1.0));
    check::two_inputs("through this", through_this, a, b, v, dx, dy, v1, tx,
                      v2, ty);
  }
  {
    D d;
    d.p = 1.3;
    d.c = 0.7;
    D dd;
    dd.p = 0;
    dd.c = 0;
    const double x = 0.9;
    auto [y, dx] = ddx::gradient(helper, ddx::duplicated(d, dd), ddx::active(x));
    check::near("helper value", y, helper(d, x), 1e-12);
    check::fd("helper d/dx", dx, [&](double e) { return helper(d, x + e); });
    check::fd("helper d/dp", dd.p, [&](double e) {
      D q = d;
      q.p += e;
      return helper(q, x);
    });
    check::fd("helper d/dc", dd.c, [&](double e) {
      D q = d;
      q.c += e;
      return helper(q, x);
    });
    D t;
    t.p = 0;
    t.c = 1.0;
    auto [y2, tc] = ddx::derivative(helper, ddx::duplicated(d, t), x);
    check::near("helper fwd d/dc", tc, dd.c, 1e-10);
    (void)y2;
  }
  {
    H h;
    h.k = 1.5;
    const double s = 1.3;
    H d;
    auto [y, ds] = ddx::gradient(scaled, ddx::duplicated(&h, &d), ddx::active(s));
    (void)y;
    check::fd("scaled d/ds", ds, [&](double e) { return scaled(&h, s + e); });
    check::fd("scaled d/dk", d.k, [&](double e) {
      H q = h;
      q.k += e;
      return scaled(&q, s);
    });
    H t;
    t.k = 1.0;
    auto [y2, tk] = ddx::derivative(scaled, ddx::duplicated(&h, &t), s);
    check::near("scaled fwd d/dk", tk, d.k, 1e-10);
    (void)y2;
  }
  return check::finish();
}
