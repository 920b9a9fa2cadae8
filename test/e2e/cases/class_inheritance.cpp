// Case: non-virtual inheritance. An aggregate with a base, built with
// nested braces; a base's members read and written through the derived
// object; a base's member functions called on it (directly and from the
// derived class's own members); constructors that build their base with
// the base's constructor or member by member, and a default member value
// in the derived class. Forward and reverse mode against finite
// differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct Body {
  double m;
  double x;
  double kinetic(double v) const { return 0.5 * m * v * v; }
  void shift(double d) { x += d * m; }
};

struct Ball : Body {
  double r;
  double volume() const { return 4.0 / 3.0 * r * r * r; }
  double total(double v) const { return kinetic(v) + volume() * x; }
};

struct Shape {
  double scale;
  Shape(double s) : scale(s) {}
  double scaled(double v) const { return scale * v; }
};

struct Circle : Shape {
  double r;
  double offset = 0.5;
  Circle(double s, double r_) : Shape(s * 2.0), r(r_) { r = r * s; }
  double area() const { return scaled(3.14159 * r * r) + offset; }
};

struct Node {
  double w = 1.0;
};
struct Leaf : Node {
  double v;
  Leaf(double x) : v(x * x) { w = w + x; }
  double value() const { return w * v; }
};

double aggregate(double a, double b) {
  Ball ball{{a, b}, a * b};
  ball.shift(b);
  ball.m = ball.m * 2.0 + ball.r;
  Ball copy = ball;
  copy.shift(a);
  return ball.total(b) + ball.x * ball.m + copy.Body::kinetic(a);
}

double constructed(double a, double b) {
  Circle c(a, b);
  Leaf l(b);
  double s = 0;
  for (int i = 0; i < 3; ++i) {
    Circle d(c.r, a + i);
    s += d.area() * l.value();
  }
  return s + c.area();
}

int main() {
  const double a = 1.3, b = 0.7;
  {
    auto [v, dx, dy] =
        ddx::gradient(aggregate, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(aggregate, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(aggregate, a, ddx::dual(b, 1.0));
    check::two_inputs("aggregate", aggregate, a, b, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(constructed, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(constructed, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(constructed, a, ddx::dual(b, 1.0));
    check::two_inputs("constructed", constructed, a, b, v, dx, dy, v1, tx,
                      v2, ty);
  }
  return check::finish();
}
