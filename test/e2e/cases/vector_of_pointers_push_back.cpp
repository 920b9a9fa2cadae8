// Case: push_back of pointers into a std::vector: pointers to active
// locals (`v.push_back(&u)`, read back through the vector) and base
// pointers to objects of classes with virtual functions, called through
// the vector. The shadow vector receives the shadow pointers (`&_d_u`),
// not null. Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

double pointers(double x, double y) {
  double u = x * y, w = x + y;
  std::vector<double *> v;
  v.push_back(&u);
  v.push_back(&w);
  double s = 0;
  for (double *o : v)
    s += *o * *o;
  *v[1] *= x;
  return s + w;
}

struct B {
  virtual ~B() = default;
  double p = 1.0;
  virtual double g(double x) const { return p * x; }
};
struct C : B {
  double g(double x) const override { return p * std::sin(x); }
};

double objects(double x, double y) {
  C c;
  c.p = x * y;
  B b;
  b.p = x + y;
  std::vector<B *> v;
  v.push_back(&c);
  v.push_back(&b);
  v.push_back(&c);
  double s = 0;
  for (B *o : v)
    s += o->g(0.3 * s + y);
  return s;
}

int main() {
  const double a = 0.8, b = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(pointers, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(pointers, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(pointers, a, ddx::dual(b, 1.0));
    check::two_inputs("pointers", pointers, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(objects, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(objects, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(objects, a, ddx::dual(b, 1.0));
    check::two_inputs("objects", objects, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
