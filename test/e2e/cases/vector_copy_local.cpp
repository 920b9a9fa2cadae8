// Case: a local std::vector initialised as a copy of another (and of a
// vector of vectors), then changed: the reverse sweep must give the copy's
// adjoint back to the original element by element (it used to add
// nothing: a gradient of 0 and 1 where 1.274 and 3.366 are right), both
// modes
#include <ddx/ddx.hpp>
#include <vector>
#include "check.hpp"

double f(double a, double b) {
  std::vector<double> v{a, b, a * b};
  std::vector<double> w = v;
  w[0] = w[0] * w[2];
  return w[0] * w[1] + v[1];
}

double g(double a, double b) {
  std::vector<std::vector<double>> m(2, std::vector<double>(2, a));
  m[1][0] = b;
  std::vector<std::vector<double>> n = m;
  n[0][1] = n[0][1] * n[1][0];
  return n[0][1] * m[1][1] + n[1][0];
}

int main() {
  const double a = 1.3, b = 0.7;
  auto [v, da, db] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, ta] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, tb] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, da, db, v1, ta, v2, tb);
  auto [w, ga, gb] = ddx::gradient(g, ddx::active(a), ddx::active(b));
  auto [w1, ua] = ddx::derivative(g, ddx::dual(a, 1.0), b);
  auto [w2, ub] = ddx::derivative(g, a, ddx::dual(b, 1.0));
  check::two_inputs("g", g, a, b, w, ga, gb, w1, ua, w2, ub);
  return check::finish();
}
