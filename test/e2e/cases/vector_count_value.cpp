// Case: std::vector made of a count and an active value
// (`std::vector<double> w(n, x)`), of doubles and of structs, then written
// and read; also made again in a loop. The tangent is n copies of the
// value's tangent; in reverse mode the value's adjoint is the sum of the
// elements' (difftest: 28 of 1,338 programs were refused for this)
#include <ddx/ddx.hpp>
#include "check.hpp"
#include <cmath>
#include <vector>

struct P {
  double a, b;
};

double doubles(double x, double y) {
  std::vector<double> w(4, x * y);
  w[1] = std::sin(w[1]) + x;
  double s = 0.0;
  for (std::size_t i = 0; i < w.size(); ++i)
    s += w[i] * (1.0 + 0.5 * i);
  return s;
}

double structs(double x, double y) {
  std::vector<P> ps(3, P{x, y * y});
  ps[2].a *= y;
  double s = 0.0;
  for (const P &p : ps)
    s += p.a * p.b;
  return s;
}

double in_loop(double x, double y) {
  double s = 0.0;
  for (int k = 0; k < 3; ++k) {
    std::vector<double> w(2 + k, s + x);
    w[0] *= y;
    for (double v : w)
      s += 0.25 * v;
  }
  return s;
}

int main() {
  const double points[][2] = {{0.7, 1.3}, {-0.4, 0.9}, {1.5, -0.2}};
  for (auto &p : points) {
    double x = p[0], y = p[1];
    {
      auto [v, dx, dy] = ddx::gradient(doubles, ddx::active(x), ddx::active(y));
      auto [v1, tx] = ddx::derivative(doubles, ddx::dual(x, 1.0), y);
      auto [v2, ty] = ddx::derivative(doubles, x, ddx::dual(y, 1.0));
      check::near("doubles value", v, doubles(x, y));
      check::near("doubles value fwd", v1, doubles(x, y));
      check::fd("doubles d/dx", dx, [&](double h) { return doubles(x + h, y); });
      check::fd("doubles d/dy", dy, [&](double h) { return doubles(x, y + h); });
      check::near("doubles fwd vs rev x", tx, dx, 1e-10);
      check::near("doubles fwd vs rev y", ty, dy, 1e-10);
      (void)v2;
    }
    {
      auto [v, dx, dy] = ddx::gradient(structs, ddx::active(x), ddx::active(y));
      auto [v1, tx] = ddx::derivative(structs, ddx::dual(x, 1.0), y);
      auto [v2, ty] = ddx::derivative(structs, x, ddx::dual(y, 1.0));
      check::near("structs value", v, structs(x, y));
      check::near("structs value fwd", v1, structs(x, y));
      check::fd("structs d/dx", dx, [&](double h) { return structs(x + h, y); });
      check::fd("structs d/dy", dy, [&](double h) { return structs(x, y + h); });
      check::near("structs fwd vs rev x", tx, dx, 1e-10);
      check::near("structs fwd vs rev y", ty, dy, 1e-10);
      (void)v2;
    }
    {
      auto [v, dx, dy] = ddx::gradient(in_loop, ddx::active(x), ddx::active(y));
      auto [v1, tx] = ddx::derivative(in_loop, ddx::dual(x, 1.0), y);
      auto [v2, ty] = ddx::derivative(in_loop, x, ddx::dual(y, 1.0));
      check::near("in_loop value", v, in_loop(x, y));
      check::near("in_loop value fwd", v1, in_loop(x, y));
      check::fd("in_loop d/dx", dx, [&](double h) { return in_loop(x + h, y); });
      check::fd("in_loop d/dy", dy, [&](double h) { return in_loop(x, y + h); });
      check::near("in_loop fwd vs rev x", tx, dx, 1e-10);
      check::near("in_loop fwd vs rev y", ty, dy, 1e-10);
      (void)v2;
    }
  }
  return check::finish();
}
