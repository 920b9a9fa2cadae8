// Case: a derived object seen as its base: copied into a base object
// (`Cell c = porous;`, which copies the base's members only), assigned
// through a reference to its base (`P &r = c; r = o;`, which assigns the
// base's part only), and read through a const reference to its base, in
// loops. The derivatives follow the base's members alone; the generated
// code once did not compile for either. Both modes.
#include "check.hpp"
#include <ddx/ddx.hpp>

struct Cell {
  double u = 0;
};
struct Porous : Cell {
  double phi = 0.5;
};

double sliced(double a, double b) {
  Porous p;
  p.u = a;
  p.phi = b;
  Cell c = p;
  double s = c.u * p.phi;
  for (int i = 0; i < 2; ++i) {
    p.u = p.u * b + p.phi;
    c = p;
    s += c.u * a;
  }
  return s;
}

struct P {
  double x = 0;
  virtual ~P() = default;
};
struct C : P {
  double q = 0;
};

double through_base(double a, double b) {
  C c;
  c.x = a;
  c.q = b;
  P o;
  o.x = 2 * b;
  for (int i = 0; i < 2; ++i) {
    P &r = c;
    r = o;
    c.q = c.q * a + c.x;
    o.x = c.q * b;
  }
  const P &k = c;
  return c.x * c.q + k.x;
}

int main() {
  const double a = 0.7, b = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(sliced, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(sliced, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(sliced, a, ddx::dual(b, 1.0));
    check::two_inputs("sliced", sliced, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(through_base, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(through_base, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(through_base, a, ddx::dual(b, 1.0));
    check::two_inputs("through_base", through_base, a, b, v, dx, dy, v1, tx,
                      v2, ty);
  }
  return check::finish();
}
