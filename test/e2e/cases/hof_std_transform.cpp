// Case: std::transform with capturing lambdas: one range into another
// vector, two ranges into a third, and in place (the output is the input,
// which reverse mode puts back before pulling back); the results are read
// afterwards. An array as the output. Both modes against finite
// differences.
#include <ddx/ddx.hpp>
#include <algorithm>
#include <cmath>
#include <vector>
#include "check.hpp"

double f(double a, double b) {
  std::vector<double> x{a, b, a * b, 0.25};
  std::vector<double> y(4);
  double k = b * b;
  std::transform(x.begin(), x.end(), y.begin(),
                 [&](double t) { return std::sin(k * t); });
  std::vector<double> z(4);
  std::transform(x.begin(), x.end(), y.begin(), z.begin(),
                 [a](double p, double q) { return p * q + a; });
  // In place: each element overwritten by a function of itself.
  std::transform(z.begin(), z.end(), z.begin(),
                 [](double t) { return t * t; });
  double out[4];
  std::transform(y.begin(), y.end(), out, [b](double t) { return t / b; });
  double s = 0;
  for (int i = 0; i < 4; ++i)
    s += z[i] * x[i] + out[i];
  return s;
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
