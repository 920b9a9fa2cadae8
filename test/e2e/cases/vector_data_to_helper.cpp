// Case: a helper's output parameter receives v.data() of a local
// std::vector in the caller: the vector's shadow (zeros of its shape) goes
// with it (this was refused, blaming the helper's parameter); both modes
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

void squares(const double *x, double *z, int n) {
  for (int i = 0; i < n; ++i)
    z[i] = x[i] * x[i] + std::sin(x[i]);
}
double total(const double *x, int n) {
  std::vector<double> z(n);
  squares(x, z.data(), n);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += z[i] * x[(i + 1) % n];
  return s;
}

int main() {
  const int n = 3;
  double x[n] = {0.3, -1.1, 0.8};
  double dx[n] = {};
  auto [y] = ddx::gradient(total, ddx::duplicated(x, dx), n);
  check::near("value", y, total(x, n));
  for (int k = 0; k < n; ++k)
    check::fd("d/dx", dx[k], [&](double h) {
      double c[n] = {x[0], x[1], x[2]};
      c[k] += h;
      return total(c, n);
    });
  double u[n] = {1.0, -0.5, 2.0};
  auto [y2, t] = ddx::derivative(total, ddx::duplicated(x, u), n);
  check::near("forward = <grad, u>", t, dx[0] * u[0] + dx[1] * u[1] + dx[2] * u[2],
              1e-10);
  return check::finish();
}
