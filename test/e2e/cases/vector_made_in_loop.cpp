// Case: std::vector locals made again in every iteration of a loop (from
// braces, and sized by the iteration count), and a callee with a local
// vector it fills and reads. Reverse mode records the vector each
// iteration overwrites on the tape (its elements and its size) and puts it
// back, its shadow taking the shape of the vector put back; the callee's
// local goes on the tape at the end of its forward sweep. (ddx refused the
// loop before: "cannot record the old value".) Forward and reverse mode,
// against finite differences.
#include <ddx/ddx.hpp>
#include <vector>
#include "check.hpp"

struct P {
  double a, b;
};

double smooth(double x, int n) {
  std::vector<double> c(n);
  for (int i = 0; i < n; ++i)
    c[i] = x / (i + 1.0);
  double s = 0;
  for (int i = n - 1; i >= 0; --i)
    s = s * x + c[i];
  return s;
}

double f(double s, double t) {
  std::vector<P> ps{{s, t}, {t, 1.0}, {s * s, 2.0}};
  std::vector<double> w{s, t};
  double r = 0;
  for (int k = 0; k < 3; ++k) {
    std::vector<double> z = {ps[k].a * w[0], ps[k].b + w[1]};
    std::vector<double> g(k + 1);
    for (int i = 0; i <= k; ++i)
      g[i] = z[i % 2] * (i + 1);
    r += z[0] * z[1] + g[k] + smooth(z[0], k + 2);
    w[0] = z[1];
  }
  return r;
}

int main() {
  const double points[][2] = {{0.3, 1.2}, {-0.6, 0.45}};
  for (const auto &q : points) {
    const double s = q[0], t = q[1];
    auto [y, ds, dt] = ddx::gradient(f, ddx::active(s), ddx::active(t));
    auto [y1, ts] = ddx::derivative(f, ddx::dual(s, 1.0), t);
    auto [y2, tt] = ddx::derivative(f, s, ddx::dual(t, 1.0));
    check::near("value", y, f(s, t), 1e-12);
    check::fd("d/ds", ds, [&](double h) { return f(s + h, t); });
    check::fd("d/dt", dt, [&](double h) { return f(s, t + h); });
    check::fd("d/ds fwd", ts, [&](double h) { return f(s + h, t); });
    check::fd("d/dt fwd", tt, [&](double h) { return f(s, t + h); });
    (void)y1, (void)y2;
  }
  return check::finish();
}
