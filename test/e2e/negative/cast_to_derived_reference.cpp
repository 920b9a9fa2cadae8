// EXPECT-EXIT: 1
// EXPECT-DIAG: 20:10: ddx cannot differentiate a cast of an object to a class derived from its type yet
// EXPECT-NOTE: 20:10: cast a pointer instead
// Case: a base-class reference cast to a derived class's
// (`static_cast<const Circle &>(sh).r`, as CRTP bases do with `*this`).
// The derivative of a const reference parameter is a copy of the base
// part alone, with no derived part to cast to: generated code did not
// compile (an internal error). Refused at the cast; the pointer form is
// differentiated.
#include <cmath>
#include <ddx/ddx.hpp>

struct Shape {
  double s;
};
struct Circle : Shape {
  double r;
};
double area(const Shape &sh) {
  return static_cast<const Circle &>(sh).r * sh.s * std::sin(sh.s);
}

double f(double x, double y) {
  Circle c;
  c.s = x;
  c.r = y;
  return area(c);
}

int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(0.7), ddx::active(1.3));
  return v + dx + dy > 0 ? 0 : 1;
}
