// Case: explicit Euler recurrence y = y - h * y * y over n steps (active y0 and h), and a two-variable recurrence
#include <ddx/ddx.hpp>
#include "check.hpp"

double euler(double y, double h, int n) {
  for (int i = 0; i < n; ++i)
    y = y - h * y * y;
  return y;
}

// Harmonic oscillator with symplectic Euler; both state variables overwritten every step.
double oscillator(double q, double p, double h, int n) {
  for (int i = 0; i < n; ++i) {
    p = p - h * q;
    q = q + h * p;
  }
  return q * q + 0.5 * p;
}

int main() {
  const double y0 = 1.3, h = 0.05;
  const int n = 20;
  {
    auto [v, dy, dh] = ddx::gradient(euler, ddx::active(y0), ddx::active(h), n);
    auto [v1, ty] = ddx::derivative(euler, ddx::dual(y0, 1.0), h, n);
    auto [v2, th] = ddx::derivative(euler, y0, ddx::dual(h, 1.0), n);
    check::near("euler value", v, euler(y0, h, n));
    check::near("euler value fwd y", v1, euler(y0, h, n));
    check::near("euler value fwd h", v2, euler(y0, h, n));
    check::fd("deuler/dy0", dy, [&](double e) { return euler(y0 + e, h, n); });
    check::fd("deuler/dh", dh, [&](double e) { return euler(y0, h + e, n); });
    check::near("euler fwd vs rev y0", ty, dy, 1e-10);
    check::near("euler fwd vs rev h", th, dh, 1e-10);
  }
  {
    const double q0 = 0.7, p0 = -0.2, hh = 0.1;
    auto [v, dq, dp, dh] = ddx::gradient(oscillator, ddx::active(q0), ddx::active(p0), ddx::active(hh), n);
    auto [v1, tq] = ddx::derivative(oscillator, ddx::dual(q0, 1.0), p0, hh, n);
    auto [v2, tp] = ddx::derivative(oscillator, q0, ddx::dual(p0, 1.0), hh, n);
    auto [v3, th] = ddx::derivative(oscillator, q0, p0, ddx::dual(hh, 1.0), n);
    check::near("osc value", v, oscillator(q0, p0, hh, n));
    check::near("osc value fwd q", v1, oscillator(q0, p0, hh, n));
    check::near("osc value fwd p", v2, oscillator(q0, p0, hh, n));
    check::near("osc value fwd h", v3, oscillator(q0, p0, hh, n));
    check::fd("dosc/dq0", dq, [&](double e) { return oscillator(q0 + e, p0, hh, n); });
    check::fd("dosc/dp0", dp, [&](double e) { return oscillator(q0, p0 + e, hh, n); });
    check::fd("dosc/dh", dh, [&](double e) { return oscillator(q0, p0, hh + e, n); });
    check::near("osc fwd vs rev q0", tq, dq, 1e-10);
    check::near("osc fwd vs rev p0", tp, dp, 1e-10);
    check::near("osc fwd vs rev h", th, dh, 1e-10);
  }
  return check::finish();
}
