// Case: member operators (`Vec2::operator*`, `operator+`) whose operands
// are all inactive in one request and active in another: an inactive call
// stays a primal call, spelled as a member call `b.operator*(s)` (it was
// printed as a static call `Vec2::operator*(b, s)`, which does not
// compile).
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct Vec2 {
  double x, y;
  Vec2 operator+(const Vec2 &o) const { return {x + o.x, y + o.y}; }
  Vec2 operator*(double s) const { return {x * s, y * s}; }
  Vec2 operator-() const { return {-x, -y}; }
  double dot(const Vec2 &o) const { return x * o.x + y * o.y; }
};

double f(double x0, double x1, double x2) {
  Vec2 a{x0, x1}, b{x2, 1};
  Vec2 c = a + b * x0;
  Vec2 d = -(b * 0.5) + b;
  return c.dot(a) + (a * 2.0).dot(b) + std::sin(d.dot(d) * x2);
}

int main() {
  const double x0 = 0.4, x1 = -0.7, x2 = 1.1;
  auto [y, d0, d1, d2] = ddx::gradient(f, ddx::active(x0), ddx::active(x1),
                                       ddx::active(x2));
  auto [y0, t0] = ddx::derivative(f, ddx::dual(x0, 1.0), x1, x2);
  auto [y1, t1] = ddx::derivative(f, x0, ddx::dual(x1, 1.0), x2);
  auto [y2, t2] = ddx::derivative(f, x0, x1, ddx::dual(x2, 1.0));
  check::near("value", y, f(x0, x1, x2));
  check::near("tangent value", y1, f(x0, x1, x2));
  check::fd("f/x0", d0, [&](double h) { return f(x0 + h, x1, x2); });
  check::fd("f/x1", d1, [&](double h) { return f(x0, x1 + h, x2); });
  check::fd("f/x2", d2, [&](double h) { return f(x0, x1, x2 + h); });
  check::near("fwd vs rev x0", t0, d0, 1e-12);
  check::near("fwd vs rev x1", t1, d1, 1e-12);
  check::near("fwd vs rev x2", t2, d2, 1e-12);
  return check::finish();
}
