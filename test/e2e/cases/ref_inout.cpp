// Case: double& in/out parameters updated in place (T&), with ddx::duplicated, plus an active scalar
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

void f(double& x, double k) { x = x * x * k + std::sin(x); }

// Two in/out references that read each other's old values.
void g(double& a, double& b) {
  double t = a;
  a = a * b;
  b = t + b * b;
}

int main() {
  const double x0 = 0.6, k = 1.4;
  {
    double x = x0, dx = 1.0;  // seed: adjoint of the output value of x
    auto [dk] = ddx::gradient(f, ddx::duplicated(x, dx), ddx::active(k));
    // after the call dx holds d(x_out)/d(x_in)
    check::fd("dxout/dxin", dx, [&](double h) { double c = x0 + h; f(c, k); return c; });
    check::fd("dxout/dk", dk, [&](double h) { double c = x0; f(c, k + h); return c; });
    double xf = x0, tf = 1.0;
    ddx::derivative(f, ddx::duplicated(xf, tf), k);
    double expect = x0;
    f(expect, k);
    check::near("x fwd", xf, expect);
    check::near("fwd vs rev x", tf, dx, 1e-10);
    double xk = x0, tk0 = 0.0;
    ddx::derivative(f, ddx::duplicated(xk, tk0), ddx::dual(k, 1.0));
    check::near("fwd vs rev k", tk0, dk, 1e-10);
  }
  {
    const double a0 = 0.8, b0 = -1.3;
    // Reverse with seed (1, 0): gradient of a_out w.r.t. (a_in, b_in).
    double a = a0, b = b0, da = 1.0, db = 0.0;
    ddx::gradient(g, ddx::duplicated(a, da), ddx::duplicated(b, db));
    check::fd("da_out/da_in", da, [&](double h) { double p = a0 + h, q = b0; g(p, q); return p; });
    check::fd("da_out/db_in", db, [&](double h) { double p = a0, q = b0 + h; g(p, q); return p; });
    // Reverse with seed (0, 1): gradient of b_out.
    double a2 = a0, b2 = b0, da2 = 0.0, db2 = 1.0;
    ddx::gradient(g, ddx::duplicated(a2, da2), ddx::duplicated(b2, db2));
    check::fd("db_out/da_in", da2, [&](double h) { double p = a0 + h, q = b0; g(p, q); return q; });
    check::fd("db_out/db_in", db2, [&](double h) { double p = a0, q = b0 + h; g(p, q); return q; });
    // Forward with direction (u, w) against the reverse rows.
    const double u = 0.7, w = -0.2;
    double a3 = a0, b3 = b0, ta = u, tb = w;
    ddx::derivative(g, ddx::duplicated(a3, ta), ddx::duplicated(b3, tb));
    check::near("fwd vs rev a_out", ta, da * u + db * w, 1e-10);
    check::near("fwd vs rev b_out", tb, da2 * u + db2 * w, 1e-10);
  }
  return check::finish();
}
