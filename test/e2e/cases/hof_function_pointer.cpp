// Case: a helper taking a function pointer is specialised on the named
// function each call site passes (directly, through a local pointer
// initialised once, and through another pass-through helper); no call
// through a pointer remains in the derivative code
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double apply(double (*h)(double), double x) { return h(x) * x; }
double twice(double (*h)(double), double x) { return apply(h, x) + h(2 * x); }
double sq(double x) { return x * x; }
double wave(double x) { return std::sin(3 * x); }

double f(double x) {
  double (*local)(double) = wave;
  return apply(sq, x) + twice(local, x) + twice(sq, x * x);
}

int main() {
  const double x = 0.7;
  auto [y, dx] = ddx::gradient(f, ddx::active(x));
  auto [y1, tx] = ddx::derivative(f, ddx::dual(x, 1.0));
  check::near("value", y, f(x));
  check::near("value fwd", y1, f(x));
  check::fd("df/dx", dx, [&](double h) { return f(x + h); });
  check::near("fwd vs rev", tx, dx, 1e-12);
  return check::finish();
}
