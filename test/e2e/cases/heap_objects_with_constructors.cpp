// Case: objects of a class with constructors and member functions on the
// heap: new Particle(a, v) (allocated, then built by the constructor's
// derivative), a new array whose default constructor gives values (the
// shadow array is made of zeros all the same), member calls through
// -> and on array elements in loops, delete and delete[]. Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
struct Particle {
  double x, v;
  Particle() : x(0.5), v(0) {}
  Particle(double x0, double v0) : x(x0), v(v0) {}
  void step(double dt, double k) {
    v -= (k * x + 0.1 * x * x * x) * dt;
    x += v * dt;
  }
  double energy(double k) const { return 0.5 * v * v + 0.5 * k * x * x; }
};
double f(double a, double b) {
  Particle *p = new Particle(a, 0.1);
  int n = 3;
  Particle *ps = new Particle[n];
  ps[1] = Particle(b, a);
  for (int t = 0; t < 4; ++t) {
    p->step(0.1, b);
    for (int i = 0; i < n; ++i)
      ps[i].step(0.1, a);
  }
  double e = p->energy(b);
  for (int i = 0; i < n; ++i)
    e += ps[i].energy(b);
  delete p;
  delete[] ps;
  return e;
}
int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
