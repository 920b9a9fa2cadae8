// Case: <algorithm> and <numeric> over a std::vector of structs, as a
// particle model writes them: std::for_each moves each particle through a
// reference parameter (with an active capture), std::accumulate sums an
// energy from a const member function and a capture, and
// std::transform_reduce sums a potential of each particle. The elements'
// shadows are the shadow vector's structs. Both modes against finite
// differences.
#include "check.hpp"
#include <algorithm>
#include <cmath>
#include <ddx/ddx.hpp>
#include <numeric>
#include <vector>

struct Particle {
  double m, x, v;
  double kinetic() const { return 0.5 * m * v * v; }
};

double f(double a, double b) {
  std::vector<Particle> ps{{1.0, a, b}, {2.0, b, a * b}, {0.5, a + b, 1.0}};
  double dt = 0.1 * a;
  std::for_each(ps.begin(), ps.end(), [&](Particle &p) {
    p.v -= dt * p.x;
    p.x += dt * p.v;
  });
  double k = b;
  double energy = std::accumulate(
      ps.begin(), ps.end(), 0.0, [&](double e, const Particle &p) {
        return e + p.kinetic() + 0.5 * k * p.x * p.x;
      });
  double anharmonic = std::transform_reduce(
      ps.begin(), ps.end(), 0.0, [](double s, double t) { return s + t; },
      [k](const Particle &p) { return k * std::pow(p.x, 4.0) / 24.0; });
  return energy + anharmonic;
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
