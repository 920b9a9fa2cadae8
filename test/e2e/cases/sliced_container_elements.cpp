// Case: a derived object held in a container or an array, copied to its
// base (`Cell c = cells[i];`, `c = cells[0];`, a by-value `Cell`
// parameter): the copy takes the base's members only, and in reverse mode
// so does the adjoint that flows back to the element (ddx once added the
// derived members too, which the base's adjoint does not have: an internal
// error). Classes with and without virtual functions; both modes.
#include "check.hpp"
#include <ddx/ddx.hpp>
#include <vector>

struct Cell {
  double a = 0;
  virtual ~Cell() = default;
  virtual double heat() const { return a; }
};
struct Hot : Cell {
  double b = 0;
  double heat() const override { return a * b; }
};
struct Flat {
  double p = 0;
};
struct Deep : Flat {
  double q = 0;
};

static double weigh(Cell c, double y) { return c.a * y + c.heat(); }

double f(double x, double y) {
  std::vector<Hot> cells(3);
  for (int i = 0; i < 3; ++i) {
    cells[i].a = x * (i + 1);
    cells[i].b = y;
  }
  double s = 0;
  for (int i = 0; i < 3; ++i) {
    Cell c = cells[i];
    s += c.a * y + c.heat();
  }
  Cell d;
  d = cells[1];
  s += d.a * d.a;
  s += weigh(cells[2], y);
  s += cells.front().heat() + cells.at(1).b;
  Hot arr[2];
  arr[0].a = y;
  arr[1].b = x;
  Cell e = arr[0];
  std::vector<Deep> deep(2);
  deep[0].p = x * y;
  deep[1].q = y;
  Flat g = deep[0];
  Flat h = deep.back();
  return s + e.a * x + g.p * h.p + deep[1].q;
}

int main() {
  const double a = 0.7, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
