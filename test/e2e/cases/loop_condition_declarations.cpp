// Case: loops whose condition declares a variable, set anew before each
// test: `while (double r = remaining(x, k))` (a double, tested against
// zero), `while (int m = next(n))` and a for loop's `int left = n - i`.
// The variable is an ordinary local of the loop body, saved and restored
// per iteration in reverse mode. Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double remaining(double x, int k) { return k < 5 ? x / (k + 1) : 0.0; }
int next(int n) { return n > 0 ? n - 1 : 0; }

double f(double x, double y) {
  double s = 0;
  int k = 0;
  while (double r = remaining(x, k)) {
    s += r * y + std::sin(r);
    ++k;
  }
  int n = 4;
  while (int m = next(n)) {
    s = s * (1.0 + 0.1 * m) + x * y;
    n = m;
  }
  for (int i = 0; int left = 3 - i; ++i)
    s += left * x * x;
  return s;
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
