// Case: void functions with double& output parameters (one output; two outputs, one also read back)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

void f(double x, double y, double& out) { out = x * std::sin(y) + y * y; }

void g(double x, double& a, double& b) {
  a = x * x;
  b = a * x + std::exp(x);
  a += b;
}

int main() {
  const double x = 0.7, y = 1.2;
  {
    double out = 0.0, dout = 1.0;  // seed the output's adjoint
    auto [dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y), ddx::duplicated(out, dout));
    check::fd("df/dx", dx, [&](double h) { double o; f(x + h, y, o); return o; });
    check::fd("df/dy", dy, [&](double h) { double o; f(x, y + h, o); return o; });
    double o1 = 0.0, to1 = 0.0;
    ddx::derivative(f, ddx::dual(x, 1.0), y, ddx::duplicated(o1, to1));
    double o2 = 0.0, to2 = 0.0;
    ddx::derivative(f, x, ddx::dual(y, 1.0), ddx::duplicated(o2, to2));
    double expect = 0.0;
    f(x, y, expect);
    check::near("f out fwd x", o1, expect);
    check::near("f out fwd y", o2, expect);
    check::near("f fwd vs rev x", to1, dx, 1e-10);
    check::near("f fwd vs rev y", to2, dy, 1e-10);
  }
  {
    double a = 0.0, b = 0.0, da = 1.0, db = 0.0;
    auto [dadx] = ddx::gradient(g, ddx::active(x), ddx::duplicated(a, da), ddx::duplicated(b, db));
    double a2 = 0.0, b2 = 0.0, da2 = 0.0, db2 = 1.0;
    auto [dbdx] = ddx::gradient(g, ddx::active(x), ddx::duplicated(a2, da2), ddx::duplicated(b2, db2));
    check::fd("da/dx", dadx, [&](double h) { double p, q; g(x + h, p, q); return p; });
    check::fd("db/dx", dbdx, [&](double h) { double p, q; g(x + h, p, q); return q; });
    double a3 = 0.0, b3 = 0.0, ta = 0.0, tb = 0.0;
    ddx::derivative(g, ddx::dual(x, 1.0), ddx::duplicated(a3, ta), ddx::duplicated(b3, tb));
    double ea, eb;
    g(x, ea, eb);
    check::near("g a fwd", a3, ea);
    check::near("g b fwd", b3, eb);
    check::near("g fwd vs rev a", ta, dadx, 1e-10);
    check::near("g fwd vs rev b", tb, dbdx, 1e-10);
  }
  return check::finish();
}
