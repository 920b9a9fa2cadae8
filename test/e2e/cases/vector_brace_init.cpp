// Case: std::vector built from a brace list (`std::vector<double> w{1.0,
// s, s * t}`, `= {t, 2.0}`, a vector of structs `{{s, t}, {t, 1.0}}`): the
// shadow is built from the elements' tangents in forward mode; in reverse
// mode it takes the vector's shape when the vector is made, and element
// i's adjoint flows back to the i-th initializer. Then element writes, a
// range-for and a loop over the vector. Forward and reverse mode, against
// finite differences.
#include <ddx/ddx.hpp>
#include <vector>
#include "check.hpp"

struct P {
  double a, b;
};

double scalars(double s, double t) {
  std::vector<double> w{1.0, s, s * t};
  std::vector<double> u = {t, 2.0};
  w[0] += u[0] * w[2];
  double r = 0;
  for (double x : w)
    r += x * x;
  return r + u[1] * u[0];
}

double structs(double s, double t) {
  std::vector<P> ps{{s, t}, {t, 1.0}, {s * s, 2.0}};
  std::vector<double> w{s, t};
  std::vector<double> z = {w[1], ps[2].a};
  double r = 0;
  for (int k = 0; k < 3; ++k) {
    z[0] = ps[k].a * w[0];
    z[1] = ps[k].b + w[1];
    r += z[0] * z[1];
    w[0] = z[1];
  }
  return r;
}

int main() {
  const double points[][2] = {{0.3, 1.2}, {-0.8, 0.5}};
  for (const auto &q : points) {
    const double s = q[0], t = q[1];
    {
      auto [y, ds, dt] = ddx::gradient(scalars, ddx::active(s), ddx::active(t));
      auto [y1, ts] = ddx::derivative(scalars, ddx::dual(s, 1.0), t);
      auto [y2, tt] = ddx::derivative(scalars, s, ddx::dual(t, 1.0));
      check::near("scalars value", y, scalars(s, t), 1e-12);
      check::fd("scalars d/ds", ds, [&](double h) { return scalars(s + h, t); });
      check::fd("scalars d/dt", dt, [&](double h) { return scalars(s, t + h); });
      check::fd("scalars d/ds fwd", ts,
                [&](double h) { return scalars(s + h, t); });
      check::fd("scalars d/dt fwd", tt,
                [&](double h) { return scalars(s, t + h); });
      (void)y1, (void)y2;
    }
    {
      auto [y, ds, dt] = ddx::gradient(structs, ddx::active(s), ddx::active(t));
      auto [y1, ts] = ddx::derivative(structs, ddx::dual(s, 1.0), t);
      auto [y2, tt] = ddx::derivative(structs, s, ddx::dual(t, 1.0));
      check::near("structs value", y, structs(s, t), 1e-12);
      check::fd("structs d/ds", ds, [&](double h) { return structs(s + h, t); });
      check::fd("structs d/dt", dt, [&](double h) { return structs(s, t + h); });
      check::fd("structs d/ds fwd", ts,
                [&](double h) { return structs(s + h, t); });
      check::fd("structs d/dt fwd", tt,
                [&](double h) { return structs(s, t + h); });
      (void)y1, (void)y2;
    }
  }
  return check::finish();
}
