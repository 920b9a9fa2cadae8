// Case: a virtual function called by a base class's constructor. While the
// base's constructor runs, the object is a base object, so the call reaches
// the base's overrider, not the derived class's (ddx once dispatched on
// the finished object's class: a wrong value and derivative). On the
// stack, on the heap (a class without a default constructor), and through
// a base pointer; a virtual call in an ordinary member still dispatches.
// Both modes.
#include "check.hpp"
#include <ddx/ddx.hpp>

struct Base {
  double v = 0, c = 0;
  Base(double x) : v(x) { c = f(); }
  virtual ~Base() = default;
  virtual double f() const { return v * v; }
  double g() const { return f() + c; }
};
struct Der : Base {
  double w = 2;
  Der(double x, double y) : Base(x), w(y) {}
  double f() const override { return w * v; }
};

double stack(double x, double y) {
  Der d(x, y);
  return d.c + d.g();
}

double heap(double x, double y) {
  Base *b = new Der(x, y);
  double r = b->c * y + b->g();
  delete b;
  return r;
}

int main() {
  const double x = 0.7, y = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(stack, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(stack, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(stack, x, ddx::dual(y, 1.0));
    check::two_inputs("stack", stack, x, y, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(heap, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(heap, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(heap, x, ddx::dual(y, 1.0));
    check::two_inputs("heap", heap, x, y, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
