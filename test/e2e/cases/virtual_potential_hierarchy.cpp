// Case: a virtual Potential hierarchy chosen at run time. The energy of a
// set of positions is summed through a `const Potential &`; the call
// p.twice(r) is an ordinary member of the base that calls the virtual
// energy(r) on `this`. ddx binds each virtual call statically: a dispatch
// over the classes this file defines (LennardJones, Harmonic and Morse, a
// final class derived from Harmonic), each branch calling that class's
// overrider's derivative. Gradients with respect to the positions, and
// with respect to the potential's own parameters (a shadow object of the
// same class, ddx::duplicated), in both modes, against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct Potential {
  virtual ~Potential() = default;
  virtual double energy(double r) const = 0;
  double twice(double r) const { return 2.0 * energy(r); }
};

struct LennardJones : Potential {
  double eps = 0, sigma = 0;
  double energy(double r) const override {
    double s6 = std::pow(sigma / r, 6);
    return 4.0 * eps * (s6 * s6 - s6);
  }
};

struct Harmonic : Potential {
  double k = 0, r0 = 0;
  double energy(double r) const override {
    return 0.5 * k * (r - r0) * (r - r0);
  }
};

struct Morse final : Harmonic {
  double a = 1.0;
  double energy(double r) const override {
    double e = 1.0 - std::exp(-a * (r - r0));
    return k * e * e;
  }
};

double total(const Potential &p, const double *x, int n) {
  double e = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      double r = std::fabs(x[i] - x[j]);
      e += p.twice(r) * 0.5;
    }
  return e;
}

// Through a pointer, with the class's own parameters active.
double scaled(const Potential *p, double s) {
  return p->energy(1.1 * s) + p->energy(0.9 * s) * s;
}

int main() {
  double x[4] = {0.1, 1.2, 2.1, 3.5};
  LennardJones lj;
  lj.eps = 1.1;
  lj.sigma = 0.9;
  Harmonic hm;
  hm.k = 2.0;
  hm.r0 = 1.0;
  Morse mo;
  mo.k = 1.5;
  mo.r0 = 1.1;
  mo.a = 0.8;
  const Potential *pots[3] = {&lj, &hm, &mo};
  for (int p = 0; p < 3; ++p) {
    const Potential &pot = *pots[p];
    double dx[4] = {0, 0, 0, 0};
    auto [y] = ddx::gradient(total, pot, ddx::duplicated(x, dx), 4);
    check::near("value", y, total(pot, x, 4), 1e-12);
    for (int k = 0; k < 4; ++k) {
      double tx[4] = {0, 0, 0, 0};
      tx[k] = 1.0;
      auto [y2, t] = ddx::derivative(total, pot, ddx::duplicated(x, tx), 4);
      auto g = [&](double h) {
        double xs[4] = {x[0], x[1], x[2], x[3]};
        xs[k] += h;
        return total(pot, xs, 4);
      };
      check::fd("d/dx reverse", dx[k], g);
      check::fd("d/dx forward", t, g);
      (void)y2;
    }
  }
  // The parameters of each class: the shadow is an object of that class.
  const double s = 1.3;
  {
    LennardJones d;
    auto [y, ds] = ddx::gradient(scaled, ddx::duplicated(&lj, &d),
                                 ddx::active(s));
    check::near("lj value", y, scaled(&lj, s), 1e-12);
    check::fd("lj d/ds", ds, [&](double h) { return scaled(&lj, s + h); });
    LennardJones q = lj;
    check::fd("lj d/deps", d.eps, [&](double h) {
      q.eps = lj.eps + h;
      return scaled(&q, s);
    });
    q = lj;
    check::fd("lj d/dsigma", d.sigma, [&](double h) {
      q.sigma = lj.sigma + h;
      return scaled(&q, s);
    });
    LennardJones t;
    t.sigma = 1.0;
    auto [y2, ts] = ddx::derivative(scaled, ddx::duplicated(&lj, &t), s);
    check::near("lj fwd d/dsigma", ts, d.sigma, 1e-10);
    (void)y2;
  }
  {
    Morse d;
    d.a = 0; // a shadow starts at zero: the caller seeds it
    auto [y, ds] = ddx::gradient(scaled, ddx::duplicated(&mo, &d),
                                 ddx::active(s));
    (void)y;
    Morse q = mo;
    check::fd("morse d/ds", ds, [&](double h) { return scaled(&mo, s + h); });
    check::fd("morse d/da", d.a, [&](double h) {
      q.a = mo.a + h;
      return scaled(&q, s);
    });
    q = mo;
    check::fd("morse d/dk", d.k, [&](double h) {
      q.k = mo.k + h;
      return scaled(&q, s);
    });
  }
  return check::finish();
}
