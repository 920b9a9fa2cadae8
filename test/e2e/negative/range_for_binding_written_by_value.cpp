// EXPECT-EXIT: 1
// EXPECT-DIAG: 17:13: writes to the by-value range-for variable '\[x, y\]'
// Case: a by-value structured binding in a range-for whose binding is
// written: the binding names a member of a copy, and ddx makes the loop
// variable stand for the element itself, so the write would reach the
// container. Refused at the loop variable.
#include <ddx/ddx.hpp>
#include <vector>

struct P {
  double x, y;
};

double f(double a, double b) {
  std::vector<P> ps{{a, b}, {b, a}};
  double s = 0.0;
  for (auto [x, y] : ps) {
    x *= 2.0;
    s += x * y;
  }
  return s + ps[0].x;
}

int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0));
  return y + da + db > 0;
}
