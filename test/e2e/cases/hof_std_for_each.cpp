// Case: std::for_each with capturing lambdas: one that writes each
// element through a reference parameter (scaling by an active capture), and
// one that accumulates into a captured sum, and one whose update of what it
// captures reads the value before (reverse mode puts the capture back before
// pulling the calls back, and pulls them back last first). Both modes
// against finite differences.
#include <ddx/ddx.hpp>
#include <algorithm>
#include <cmath>
#include <vector>
#include "check.hpp"

double f(double a, double b) {
  std::vector<double> x{a, b, a * b};
  double k = std::cos(b);
  std::for_each(x.begin(), x.end(), [&](double &t) { t = k * t * t; });
  double sum = 0;
  std::for_each(x.begin(), x.end(), [&](double t) { sum += t * a; });
  double prod = sum * sum; // (read before the next for_each writes it)
  double first = prod;
  std::for_each(x.begin(), x.end(), [&](double t) { prod = prod * t + a; });
  return sum + x[1] + prod * first;
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
