// Case: a functor hierarchy with a virtual operator(), called through a
// `const F &` (f(x)): dispatched over the functor classes like any virtual
// call, the functor being the overrider's `self`, with its data members
// active. Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct F {
  virtual ~F() = default;
  double k = 1;
  virtual double operator()(double x) const { return k * x; }
};
struct G : F {
  double operator()(double x) const override { return k * x * x; }
};
struct E final : F {
  double operator()(double x) const override { return std::exp(k * x); }
};

double use(const F &f, double x) { return f(x) + f(2 * x); }

double run(double x, double y) {
  G g;
  g.k = x;
  E e;
  e.k = 0.1 * y;
  F plain;
  plain.k = y;
  return use(g, y) + use(e, x) + use(plain, x * y);
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(run, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(run, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(run, a, ddx::dual(b, 1.0));
  check::two_inputs("run", run, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
