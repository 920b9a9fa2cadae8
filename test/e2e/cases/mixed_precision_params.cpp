// Case: callees whose floating parameters have another type than the
// arguments passed to them (a double into float and long double parameters,
// a float into a double parameter), so each argument converts on the call
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

float sq(float y) { return y * y + std::sin(y); }
long double cube(long double z) { return z * z * z; }
double widen(double w) { return std::exp(0.5 * w); }

double g(double x, double k) {
  float t = 0.5f * x;
  double s = sq(x) + sq(t) * k + (double)cube(x * k);
  return s + widen(t);
}

float gf(float x) { return sq(x) * 3.0f + (float)widen(x); }

int main() {
  const double x = 1.3, k = 0.7;
  auto [v, dx, dk] = ddx::gradient(g, ddx::active(x), ddx::active(k));
  auto [v1, tx] = ddx::derivative(g, ddx::dual(x, 1.0), k);
  auto [v2, tk] = ddx::derivative(g, x, ddx::dual(k, 1.0));
  check::near("value", v, g(x, k), 1e-12);
  check::near("value fwd", v1, g(x, k), 1e-12);
  check::fd("dg/dx", dx, [&](double h) { return g(x + h, k); }, 1e-3, 1e-4);
  check::fd("dg/dk", dk, [&](double h) { return g(x, k + h); }, 1e-3, 1e-4);
  check::fd("dg/dx fwd", tx, [&](double h) { return g(x + h, k); }, 1e-3, 1e-4);
  check::fd("dg/dk fwd", tk, [&](double h) { return g(x, k + h); }, 1e-3, 1e-4);
  (void)v2;

  const float xf = 0.9f;
  auto [vf, dxf] = ddx::gradient(gf, ddx::active(xf));
  auto [vf1, txf] = ddx::derivative(gf, ddx::dual(xf, 1.0f));
  check::near("float value", vf, gf(xf), 1e-5);
  check::fd("dgf/dx", dxf, [&](double h) { return gf(xf + float(h)); }, 1e-2, 1e-2);
  check::fd("dgf/dx fwd", txf, [&](double h) { return gf(xf + float(h)); }, 1e-2, 1e-2);
  (void)vf1;
  return check::finish();
}
