// Case: casts between float and double (static_cast, C-style, functional) on active values
#include <ddx/ddx.hpp>
#include "check.hpp"

double f(double x, double y) {
  float a = static_cast<float>(x);
  float b = (float)(x * y);
  double c = static_cast<double>(a * b) + y;
  float d = float(c) * 2.0f;
  double e = d;  // implicit float -> double
  float g = y;   // implicit double -> float
  return e + double(a) * y - g * a;
}

int main() {
  const double x = 1.2, y = 0.7;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::near("value", v, f(x, y));
  check::near("value fwd x", v1, f(x, y));
  check::near("value fwd y", v2, f(x, y));
  // Float rounding of the perturbed input: looser tolerance, larger step.
  check::fd("df/dx", dx, [&](double h) { return f(x + h, y); }, 1e-3, 1e-2);
  check::fd("df/dy", dy, [&](double h) { return f(x, y + h); }, 1e-3, 1e-2);
  check::near("fwd vs rev x", tx, dx, 1e-5);
  check::near("fwd vs rev y", ty, dy, 1e-5);
  return check::finish();
}
