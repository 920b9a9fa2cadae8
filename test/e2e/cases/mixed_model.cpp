// Case: a realistic mix: namespaces, constexpr globals, overloads, a struct
// built from active values and passed by const reference, a local reference
// modified in place, a function defined after its use, ddx::constant, and a
// local std::vector sized at run time
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

namespace phys {
constexpr double g = 9.81;
struct State {
  double x, v;
};
inline double energy(const State &s, double m) {
  return 0.5 * m * s.v * s.v + m * g * s.x;
}
double overload(double a) { return a * a; }
double overload(double a, double b) { return a * b; }
} // namespace phys

double later(double x);

double model(double x, double m) {
  phys::State st{x, 2 * x};
  const auto e = phys::energy(st, m);
  auto &ref = st.v;
  ref *= 3;
  double t = static_cast<double>(3) * later(x) + phys::overload(x) +
             phys::overload(x, m);
  if (t > 1e9)
    return 0;
  return e + t + st.v;
}

double later(double x) { return x < 0 ? -x : std::exp(-x); }

double uses_vector(double x, int n) {
  std::vector<double> w(n);
  for (int i = 0; i < n; ++i)
    w[i] = std::sin(x * (i + 1));
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += w[i] * w[i];
  return s;
}

int main() {
  const double x = 0.4, m = 1.5;
  auto [y, dx, dm] = ddx::gradient(model, ddx::active(x), ddx::active(m));
  auto [y1, tx] = ddx::derivative(model, ddx::dual(x, 1.0), ddx::constant(m));
  auto [y2, tm] = ddx::derivative(model, x, ddx::dual(m, 1.0));
  check::near("value", y, model(x, m));
  check::fd("dmodel/dx", dx, [&](double h) { return model(x + h, m); });
  check::fd("dmodel/dm", dm, [&](double h) { return model(x, m + h); });
  check::near("fwd vs rev x", tx, dx, 1e-12);
  check::near("fwd vs rev m", tm, dm, 1e-12);

  auto [v, dv] = ddx::gradient(uses_vector, ddx::active(0.3), 4);
  auto [v1, tv] = ddx::derivative(uses_vector, ddx::dual(0.3, 1.0), 4);
  check::near("vector value", v, uses_vector(0.3, 4));
  check::fd("dvector/dx", dv, [&](double h) { return uses_vector(0.3 + h, 4); });
  check::near("vector fwd vs rev", tv, dv, 1e-12);
  return check::finish();
}
