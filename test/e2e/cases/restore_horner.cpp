// Case: Horner loop overwriting the accumulator (s = s * x + c[i]); x active with c plain, then c duplicated
#include <ddx/ddx.hpp>
#include <cstdio>
#include "check.hpp"

double horner(const double* c, int n, double x) {
  double s = c[n - 1];
  for (int i = n - 2; i >= 0; --i)
    s = s * x + c[i];
  return s;
}

// The same recurrence written forwards with a state that is overwritten twice per step.
double f(double x, double y, const double* c, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    s = s * x + c[i];
    s = s * y;
  }
  return s;
}

int main() {
  const int n = 6;
  double c[n] = {1.0, -0.5, 0.3, 2.0, -1.1, 0.7};
  const double x = 0.9, y = 1.1;
  {
    auto [v, dx] = ddx::gradient(horner, c, n, ddx::active(x));
    auto [v1, tx] = ddx::derivative(horner, c, n, ddx::dual(x, 1.0));
    check::near("horner value", v, horner(c, n, x));
    check::near("horner value fwd", v1, horner(c, n, x));
    check::fd("dhorner/dx", dx, [&](double h) { return horner(c, n, x + h); });
    check::near("horner fwd vs rev", tx, dx, 1e-10);
  }
  {
    double dc[n] = {};
    auto [v, dx] = ddx::gradient(horner, ddx::duplicated(c, dc), n, ddx::active(x));
    check::near("horner value (dup)", v, horner(c, n, x));
    for (int k = 0; k < n; ++k) {
      char name[32];
      std::snprintf(name, sizeof name, "dhorner/dc[%d]", k);
      check::fd(name, dc[k], [&](double h) {
        double cc[n];
        for (int i = 0; i < n; ++i)
          cc[i] = c[i];
        cc[k] += h;
        return horner(cc, n, x);
      });
    }
    check::fd("dhorner/dx (dup)", dx, [&](double h) { return horner(c, n, x + h); });
  }
  {
    auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y), c, n);
    auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y, c, n);
    auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0), c, n);
    check::near("f value", v, f(x, y, c, n));
    check::near("f value fwd x", v1, f(x, y, c, n));
    check::near("f value fwd y", v2, f(x, y, c, n));
    check::fd("df/dx", dx, [&](double h) { return f(x + h, y, c, n); });
    check::fd("df/dy", dy, [&](double h) { return f(x, y + h, c, n); });
    check::near("f fwd vs rev x", tx, dx, 1e-10);
    check::near("f fwd vs rev y", ty, dy, 1e-10);
  }
  return check::finish();
}
