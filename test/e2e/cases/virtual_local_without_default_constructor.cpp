// Case: a local of a virtual hierarchy whose constructors all take
// arguments (refused before: only a constructor sets up an object with
// virtual functions, and generated code declares locals first). It lives
// in ddx::late storage until its constructor runs; the virtual call
// through a base reference is bound to the overrider. Both modes, against
// central differences.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>

struct Potential {
  virtual ~Potential() = default;
  virtual double value(double r) const = 0;
};
struct LennardJones : Potential {
  double eps;
  LennardJones(double e) : eps(e) {}
  double value(double r) const override {
    return 4 * eps * (std::pow(r, -12) - std::pow(r, -6));
  }
};

double energy(double e, double r) {
  LennardJones lj(e * e);
  const Potential &p = lj;
  return p.value(r) + p.value(1.1 * r);
}

int main() {
  const double e = 1.5, r = 1.3;
  auto [y, de, dr] = ddx::gradient(energy, ddx::active(e), ddx::active(r));
  auto [y1, te] = ddx::derivative(energy, ddx::dual(e, 1.0), r);
  auto [y2, tr] = ddx::derivative(energy, e, ddx::dual(r, 1.0));
  (void)y1;
  (void)y2;
  check::near("value", y, energy(e, r), 1e-14);
  check::fd("d/de reverse", de, [&](double h) { return energy(e + h, r); });
  check::fd("d/dr reverse", dr, [&](double h) { return energy(e, r + h); });
  check::near("d/de forward vs reverse", te, de, 1e-12);
  check::near("d/dr forward vs reverse", tr, dr, 1e-12);
  return check::finish();
}
