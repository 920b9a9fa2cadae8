// Case: plain struct by const reference with ddx::duplicated (double members differentiated, int member inactive)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct Params {
  double a;
  double b;
  int n;
};

double eval(const Params& p, double x, int i) { return p.a * std::pow(x, i) / (1.0 + p.b * i); }

double f(const Params& p, double x) {
  double s = 0.0;
  for (int i = 0; i < p.n; ++i)
    s += eval(p, x, i);
  return s + p.b * p.b;
}

int main() {
  Params p{0.8, 0.3, 4};
  Params dp{0.0, 0.0, 0};
  const double x = 1.3;
  auto [v, dx] = ddx::gradient(f, ddx::duplicated(p, dp), ddx::active(x));
  check::near("value", v, f(p, x));
  check::fd("df/dp.a", dp.a, [&](double h) { Params c = p; c.a += h; return f(c, x); });
  check::fd("df/dp.b", dp.b, [&](double h) { Params c = p; c.b += h; return f(c, x); });
  check::fd("df/dx", dx, [&](double h) { return f(p, x + h); });
  Params ta{1.0, 0.0, 0}, tb{0.0, 1.0, 0}, t0{0.0, 0.0, 0};
  auto [v1, t_a] = ddx::derivative(f, ddx::duplicated(p, ta), x);
  auto [v2, t_b] = ddx::derivative(f, ddx::duplicated(p, tb), x);
  auto [v3, t_x] = ddx::derivative(f, ddx::duplicated(p, t0), ddx::dual(x, 1.0));
  check::near("value fwd a", v1, f(p, x));
  check::near("value fwd b", v2, f(p, x));
  check::near("value fwd x", v3, f(p, x));
  check::near("fwd vs rev a", t_a, dp.a, 1e-10);
  check::near("fwd vs rev b", t_b, dp.b, 1e-10);
  check::near("fwd vs rev x", t_x, dx, 1e-10);
  return check::finish();
}
