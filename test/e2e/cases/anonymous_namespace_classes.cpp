// Case: classes and functions in an anonymous namespace, as a model's .cpp
// file keeps its helpers: a virtual call dispatching over classes defined
// there, an aggregate, and a free function. Generated code names them from
// the same file without the unnamed scope (`::C`). Both modes against
// finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

namespace {
struct B {
  virtual ~B() = default;
  double p = 1;
  virtual double g(double x) const { return p * x; }
};
struct C : B {
  double g(double x) const override { return p * x * x; }
};
struct V {
  double a, b;
};
double sq(double x) { return x * x; }
} // namespace

double h(const B &o, double x) { return o.g(x) + sq(x); }

double f(double x, double y) {
  C c;
  c.p = x;
  B b;
  b.p = y;
  V v{x, 2 * y};
  return h(c, y) + h(b, x) + v.a * std::sin(v.b);
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
