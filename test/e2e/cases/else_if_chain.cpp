// Case: else-if chain (four pieces), each piece evaluated
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double k) {
  double y = 0.0;
  if (x < -1.0) {
    y = k * x * x;
  } else if (x < 0.0) {
    y = std::exp(k * x);
  } else if (x < 1.0) {
    y = x * k + std::sin(x);
  } else {
    y = std::log(x + k);
  }
  return y * x;
}

void run(double x, double k) {
  auto [v, dx, dk] = ddx::gradient(f, ddx::active(x), ddx::active(k));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), k);
  auto [v2, tk] = ddx::derivative(f, x, ddx::dual(k, 1.0));
  check::near("value", v, f(x, k));
  check::near("value fwd x", v1, f(x, k));
  check::near("value fwd k", v2, f(x, k));
  check::fd("df/dx", dx, [&](double h) { return f(x + h, k); });
  check::fd("df/dk", dk, [&](double h) { return f(x, k + h); });
  check::near("fwd vs rev x", tx, dx, 1e-10);
  check::near("fwd vs rev k", tk, dk, 1e-10);
}

int main() {
  run(-1.5, 0.9);
  run(-0.4, 0.9);
  run(0.6, 0.9);
  run(1.8, 0.9);
  return check::finish();
}
