// Case: constructors inherited with `using Base::Base;`, from a plain base
// and from a class template, with the derived class's own members set by
// their default values (one computed from another's). The compiler's
// inheriting constructor builds the base with the user's constructor, then
// the derived members: ddx differentiates it as that constructor called on
// the object, followed by the members' initialisers (once refused as an
// expression of the base's type). Objects built in a loop too. Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>

struct Base {
  double a, b;
  Base(double a0, double b0) : a(a0), b(b0 * a0) {}
  double value() const { return a * std::sin(b); }
};
struct Derived : Base {
  using Base::Base;
  double scale = 2;
  double twice() const { return scale * value(); }
};

template <class T> struct Cell {
  T x;
  explicit Cell(const T &x0) : x(x0 * x0) {}
};
struct Damped : Cell<double> {
  using Cell<double>::Cell;
  double rate = 0.5;
  double decay(double t) const { return x * std::exp(-rate * t); }
};

double f(double x, double y) {
  Derived d(x, y);
  double s = d.twice();
  for (int i = 1; i <= 3; ++i) {
    Damped c(x * i);
    s += c.decay(y);
  }
  return s;
}

int main() {
  const double x = 0.7, y = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::two_inputs("f", f, x, y, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
