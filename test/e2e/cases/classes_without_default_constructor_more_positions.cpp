// Case: objects of polymorphic classes whose constructors all take
// arguments, in positions where ddx needs a zero derivative without a
// constructor to make one: pushed into a std::vector, passed by value to a
// callee, a pointer given a second new object whose values have no
// derivative. The zero is a copy of the object at hand with every member
// cleared (::ddx::zero_like); the generated code once did not compile.
// Also a whole struct assigned through two pointers (`*c1 = *c2`), whose
// adjoint was once printed without parentheses. Both modes.
#include "check.hpp"
#include <ddx/ddx.hpp>
#include <vector>

struct Term {
  double w = 1;
  virtual ~Term() = default;
  virtual double eval(double r) const { return w * r; }
};
struct Quad : Term {
  double c;
  Quad(double c) : c(c) {}
  double eval(double r) const override { return w * c * r * r; }
};

double renewed(double p, double r) {
  Term *t = new Quad(p);
  double s = t->eval(r);
  delete t;
  t = new Quad(1.5);
  t->w = r;
  s += t->eval(r);
  delete t;
  return s;
}

double pushed(double p, double r) {
  std::vector<Quad> terms;
  terms.push_back(Quad(p));
  terms.push_back(Quad(2.0));
  terms.push_back(Quad(p * r));
  double s = 0;
  for (const Quad &q : terms)
    s += q.eval(r);
  return s;
}

static double use(Quad q, double x) {
  q.c *= x;
  return q.eval(x) + q.c;
}

double by_value(double p, double r) {
  Quad q(p);
  return use(q, r) * q.c;
}

struct Cell {
  double u = 0, v = 1;
};

double through_pointers(double p, double r) {
  Cell a, b;
  a.u = p;
  b.u = r;
  b.v = p * r;
  Cell *c1 = &a, *c2 = &b;
  *c1 = *c2;
  return c1->u * p + c1->v;
}

int main() {
  const double p = 0.7, r = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(renewed, ddx::active(p), ddx::active(r));
    auto [v1, tx] = ddx::derivative(renewed, ddx::dual(p, 1.0), r);
    auto [v2, ty] = ddx::derivative(renewed, p, ddx::dual(r, 1.0));
    check::two_inputs("renewed", renewed, p, r, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(pushed, ddx::active(p), ddx::active(r));
    auto [v1, tx] = ddx::derivative(pushed, ddx::dual(p, 1.0), r);
    auto [v2, ty] = ddx::derivative(pushed, p, ddx::dual(r, 1.0));
    check::two_inputs("pushed", pushed, p, r, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(by_value, ddx::active(p), ddx::active(r));
    auto [v1, tx] = ddx::derivative(by_value, ddx::dual(p, 1.0), r);
    auto [v2, ty] = ddx::derivative(by_value, p, ddx::dual(r, 1.0));
    check::two_inputs("by_value", by_value, p, r, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(through_pointers, ddx::active(p), ddx::active(r));
    auto [v1, tx] = ddx::derivative(through_pointers, ddx::dual(p, 1.0), r);
    auto [v2, ty] = ddx::derivative(through_pointers, p, ddx::dual(r, 1.0));
    check::two_inputs("through_pointers", through_pointers, p, r, v, dx, dy,
                      v1, tx, v2, ty);
  }
  return check::finish();
}
