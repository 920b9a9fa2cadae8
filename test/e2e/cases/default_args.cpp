// Case: default arguments, left out both in a request and in a call inside
// differentiated code (including one that names a namespace constant)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

namespace cfg {
constexpr double scale = 1.5;
}

double damped(double x, double rate = 0.25, double s = cfg::scale) {
  return s * std::exp(-rate * x) * std::sin(x);
}

double model(double x, double k = 2.0) { return damped(x) * k + damped(x, k); }

int main() {
  const double x = 0.8;
  auto [y, dx] = ddx::gradient(model, ddx::active(x));
  auto [y1, tx] = ddx::derivative(model, ddx::dual(x, 1.0));
  auto [y2, dx2, dk] = ddx::gradient(model, ddx::active(x), ddx::active(3.0));
  check::near("value", y, model(x));
  check::near("value fwd", y1, model(x));
  check::fd("dmodel/dx", dx, [&](double h) { return model(x + h); });
  check::near("fwd vs rev", tx, dx, 1e-12);
  check::near("value k", y2, model(x, 3.0));
  check::fd("dmodel/dk", dk, [&](double h) { return model(x, 3.0 + h); });
  check::fd("dmodel/dx at k", dx2, [&](double h) { return model(x + h, 3.0); });
  return check::finish();
}
