// Case: shapes the mutation fuzzer found that gave outputs that did not
// compile (exit 3): a local function pointer read outside a call (a
// discarded read: the pointer has no storage in generated code), a double
// passed to a float parameter of a helper called in a loop, a call whose
// double result is discarded (its reverse sweep still takes a seed), and a
// std::function returning int that holds a lambda returning double.
#include <ddx/ddx.hpp>
#include <cmath>
#include <functional>
#include "check.hpp"

double apply(double (*h)(double), double x) { return h(x) * x; }
double wave(double x) { return std::sin(3 * x); }
float shrink(float v) { return v * 0.5f + 1.0f; }
double accumulate_into(double &acc, double v) {
  acc += v * v;
  return acc;
}
double counted(const std::function<int(double)> &g, double x) {
  return g(x) + x * x;
}

double f(double x) {
  double (*local)(double) = wave;
  double s = apply(local, x);
  for (int i = 0; i < 3; ++i)
    s += shrink(s * x);
  (void)local;
  accumulate_into(s, x); // the result discarded
  auto steps = [](double v) { return 3.5 * v; };
  return s + counted(steps, x);
}

int main() {
  const double x = 0.7;
  auto [y, dx] = ddx::gradient(f, ddx::active(x));
  auto [y1, tx] = ddx::derivative(f, ddx::dual(x, 1.0));
  check::near("value", y, f(x), 1e-6);
  check::fd("df/dx", dx, [&](double h) { return f(x + h); }, 1e-3, 1e-3);
  check::fd("df/dx fwd", tx, [&](double h) { return f(x + h); }, 1e-3, 1e-3);
  (void)y1;
  return check::finish();
}
