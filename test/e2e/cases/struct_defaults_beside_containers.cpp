// Case: classes that ddx cannot clear byte by byte (a std::vector member,
// virtual functions) whose members have default values (`double k =
// 1.5;`). A derivative starts from zero, which `T{}` is not; ddx clears
// such a shadow member by member (bases, nested structs, arrays and
// containers included). Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

struct Inner {
  double g = 2.0;
  double arr[2] = {1.0, 3.0};
};

struct Model {
  double k = 1.5;
  std::vector<double> w;
  Inner in;
};

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const { return s * s; }
  double s = 1.0;
};
struct Disc : Shape {
  double r = 0.5;
  double area() const override { return 3.14159 * r * r * s; }
};

double f(double a, double b) {
  Model m;
  m.w = std::vector<double>(3, a);
  m.k = m.k * a;
  m.in.g = m.in.g * b + m.in.arr[1];
  Disc d;
  d.r = d.r + b;
  d.s = a;
  const Shape &s = d;
  return m.k * m.w[1] + m.in.g * a + s.area();
}

int main() {
  const double a = 1.3, b = 0.7;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
