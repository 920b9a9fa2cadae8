// EXPECT-EXIT: 1
// EXPECT-DIAG: 12:18: makes a ddx request itself
// Case: a request inside a function that another request differentiates
// (nested differentiation): refused at once (it used to run for minutes)
#include <ddx/ddx.hpp>
#include <cmath>

double inner(double x, double k) { return std::sin(k * x); }

double outer(double k) {
  double x = 0.3;
  auto [y, dx] = ddx::gradient(inner, ddx::active(x), k);
  return y * dx;
}
int main() {
  auto [v, dk] = ddx::gradient(outer, ddx::active(1.2));
  return v > 0 && dk > 0;
}
