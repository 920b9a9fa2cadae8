// Case: products in which a factor occurs more than once (x * x * x, a
// repeated parenthesised difference, a member, an array element, a float
// factor, inside a conditional operator and a compound assignment). Both
// modes give each distinct factor one partial (n c u^(n-1)) instead of one
// term per occurrence; the derivatives must not change.
#include <ddx/ddx.hpp>
#include "check.hpp"

struct State {
  double x, v;
};

double energy(const State &s, double k) {
  return 0.5 * s.v * s.v + 0.5 * k * s.x * s.x + 0.025 * s.x * s.x * s.x * s.x;
}

double model(double x, double y, double k) {
  double a = y - x * x;
  double r = 100.0 * (y - x * x) * (y - x * x) + (1.0 - x) * (1.0 - x);
  double w[3] = {x, y, a};
  r += w[1] * w[0] * w[1] * 0.5;
  float f = static_cast<float>(x);
  // (Scaled down: their derivatives are only as exact as a float.)
  r += 1e-6 * static_cast<double>(f * f * 2.0f);
  // Mixed types: the float product stays one factor of the double one.
  r += 1e-6 * static_cast<double>(f * f) * x * x;
  State s{x, y};
  r += energy(s, k);
  r += x > y ? k * x * k : y * y * y / (1.0 + k * k);
  // Integer factors stay converted in the partials: in int, 2 * i * i
  // overflows, and k * m in unsigned is 4294967295, not -1.
  int i = 40000;
  r += 1e-9 * (i * x) * (i * x);
  int kk = -1;
  unsigned m = 1;
  r += kk * x * m * x;
  double p = x;
  p *= p * p;  // the target itself is a factor
  r += p * -x * -x;
  return r;
}

void run(double x, double y, double k) {
  auto [v, dx, dy, dk] =
      ddx::gradient(model, ddx::active(x), ddx::active(y), ddx::active(k));
  auto [v1, tx] = ddx::derivative(model, ddx::dual(x, 1.0), y, k);
  auto [v2, ty] = ddx::derivative(model, x, ddx::dual(y, 1.0), k);
  auto [v3, tk] = ddx::derivative(model, x, y, ddx::dual(k, 1.0));
  check::near("value", v, model(x, y, k));
  check::near("value fwd", v1 + v2 + v3, 3 * model(x, y, k));
  check::fd("d/dx", dx, [&](double h) { return model(x + h, y, k); });
  check::fd("d/dy", dy, [&](double h) { return model(x, y + h, k); });
  check::fd("d/dk", dk, [&](double h) { return model(x, y, k + h); });
  check::near("fwd vs rev x", tx, dx, 1e-10);
  check::near("fwd vs rev y", ty, dy, 1e-10);
  check::near("fwd vs rev k", tk, dk, 1e-10);
}

int main() {
  run(1.3, 0.4, 0.7);  // x > y
  run(0.5, 2.5, 1.1);  // x <= y
  run(-0.8, 0.2, 2.0);
  return check::finish();
}
