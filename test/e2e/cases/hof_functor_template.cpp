// Case: functor objects (constant members) passed to a template helper and
// called there; the arguments are active, both modes
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct Gaussian {
  double mu, sigma;
  double operator()(double x) const {
    double z = (x - mu) / sigma;
    return std::exp(-0.5 * z * z);
  }
};

template <class F> double sum_at(const F &f, double x, double h, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += f(x + i * h);
  return s;
}

double model(double x, double h) {
  Gaussian g{0.3, 1.2};
  return sum_at(g, x, h, 5) + g(x * h);
}

int main() {
  const double x = 0.4, h = 0.15;
  auto [y, dx, dh] = ddx::gradient(model, ddx::active(x), ddx::active(h));
  auto [y1, tx] = ddx::derivative(model, ddx::dual(x, 1.0), h);
  auto [y2, th] = ddx::derivative(model, x, ddx::dual(h, 1.0));
  check::near("value", y, model(x, h));
  check::fd("dmodel/dx", dx, [&](double e) { return model(x + e, h); });
  check::fd("dmodel/dh", dh, [&](double e) { return model(x, h + e); });
  check::near("fwd vs rev x", tx, dx, 1e-12);
  check::near("fwd vs rev h", th, dh, 1e-12);
  return check::finish();
}
