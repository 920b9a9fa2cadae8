// Case: member functions in the places models use them: a const member
// called in an integrand lambda passed to Boost Gauss-Kronrod (the
// object captured by reference), and a particle system: step() and
// energy() called on the elements of a std::vector<Particle>. Forward
// and reverse mode against finite differences.
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;
struct Model {
  double k, c;
  double rate(double t) const { return c * std::exp(-k * t); }
};
double expected(double k, double c) {
  Model m{k, c};
  return gauss_kronrod<double, 15>::integrate([&m](double t) { return m.rate(t); }, 0.0, 1.0, 10, 1e-10);
}
struct Particle {
  double x, v;
  void step(double dt, double k) { v -= k * x * dt; x += v * dt; }
  double energy(double k) const { return 0.5 * v * v + 0.5 * k * x * x; }
};
double system_energy(double x0, double k) {
  std::vector<Particle> ps(3);
  for (int i = 0; i < 3; ++i) { ps[i].x = x0 * (i + 1); ps[i].v = 0.1 * i; }
  for (int s = 0; s < 10; ++s)
    for (int i = 0; i < 3; ++i)
      ps[i].step(0.05, k);
  double e = 0;
  for (int i = 0; i < 3; ++i) e += ps[i].energy(k);
  return e;
}
int main() {
  auto [y, dk, dc] = ddx::gradient(expected, ddx::active(0.6), ddx::active(1.3));
  auto [y1, tk] = ddx::derivative(expected, ddx::dual(0.6, 1.0), 1.3);
  check::fd("q dk", dk, [&](double h) { return expected(0.6 + h, 1.3); });
  check::fd("q dc", dc, [&](double h) { return expected(0.6, 1.3 + h); });
  check::fd("q dk fwd", tk, [&](double h) { return expected(0.6 + h, 1.3); });
  auto [e, ex, ek] = ddx::gradient(system_energy, ddx::active(1.1), ddx::active(2.0));
  auto [e1, tx] = ddx::derivative(system_energy, ddx::dual(1.1, 1.0), 2.0);
  check::fd("sys dx", ex, [&](double h) { return system_energy(1.1 + h, 2.0); });
  check::fd("sys dk", ek, [&](double h) { return system_energy(1.1, 2.0 + h); });
  check::fd("sys dx fwd", tx, [&](double h) { return system_energy(1.1 + h, 2.0); });
  return check::finish() + (y + y1 + e + e1 > 0 ? 0 : 1);
}
