// Case: a local of a class that has no default constructor and can be
// neither copied nor moved (an accumulator with deleted copies, built from
// a starting value), in the differentiated function, in a loop (built again
// each iteration) and in a callee. Generated code declares every local at
// the top of its function; no expression makes such an object's zero, so
// it is zero bytes in place (ddx::zeroed) that the differentiated
// constructor then sets. Once g++ refused the generated code (its
// __builtin_bit_cast copies) after ddx had exited 0. Both modes, both
// compilers.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>

struct Acc {
  double s;
  double w = 1;
  explicit Acc(double s0) : s(s0) {}
  Acc(const Acc &) = delete;
  Acc &operator=(const Acc &) = delete;
  void add(double v) {
    s += w * v * v;
    w *= 0.9;
  }
};

static double series(double x, int n) {
  Acc a(x);
  for (int i = 0; i < n; ++i)
    a.add(std::sin(x * i));
  return a.s;
}

double f(double x, double y) {
  Acc total(0.0);
  for (int k = 0; k < 3; ++k) {
    Acc part(y * k); // (built again each iteration)
    part.add(x * y);
    total.add(part.s);
  }
  return total.s + series(x * y, 4);
}

int main() {
  const double x = 0.7, y = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::two_inputs("f", f, x, y, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
