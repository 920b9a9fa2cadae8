// Case: a by-value parameter that the body changes only through its
// address (`h1(&k, ...)` in a loop) and then reads. In reverse mode as a
// callee, the forward sweep must leave its last value on the tape for the
// reverse sweep, which otherwise read the value passed in (difftest seed
// 59: d/dx0 -2.54e-02 where 2.67e-02 is right). Forward and reverse mode,
// against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct P {
  double x, y;
};
struct Q {
  P p;
  double w;
};
void h1(double *p, double k) { *p = std::sin(std::log(1.0 + k * k) - k); }
double h3(Q s, double k) {
  for (int i = 2; i >= 0; --i)
    h1(&k, s.w * s.p.x);
  return (k / (1.0 + k * k)) / (1.0 + k * k) / (1.0 + s.w * s.w);
}
double f(double x0, double x1, double x2) { return h3(Q{{x2, x1}, x0}, 0.3); }

int main() {
  const double x0 = -0.789, x1 = -0.606, x2 = 0.357;
  auto [y, d0, d1, d2] = ddx::gradient(f, ddx::active(x0), ddx::active(x1),
                                       ddx::active(x2));
  auto [y1, t0] = ddx::derivative(f, ddx::dual(x0, 1.0), x1, x2);
  auto [y2, t2] = ddx::derivative(f, x0, x1, ddx::dual(x2, 1.0));
  check::near("value", y, f(x0, x1, x2), 1e-12);
  check::fd("d/dx0", d0, [&](double h) { return f(x0 + h, x1, x2); });
  check::fd("d/dx1", d1, [&](double h) { return f(x0, x1 + h, x2); });
  check::fd("d/dx2", d2, [&](double h) { return f(x0, x1, x2 + h); });
  check::fd("d/dx0 fwd", t0, [&](double h) { return f(x0 + h, x1, x2); });
  check::fd("d/dx2 fwd", t2, [&](double h) { return f(x0, x1, x2 + h); });
  (void)y1, (void)y2;
  return check::finish();
}
