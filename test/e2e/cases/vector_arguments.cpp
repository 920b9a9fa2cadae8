// Case: std::vector arguments as the refusals for temporaries suggest
// writing them: a named local passed by const reference and by reference
// (changed through a range-for), a vector by value in forward mode (the
// copy carries the tangents in), and std::max of three values two at a
// time, both modes where allowed
#include <ddx/ddx.hpp>
#include <algorithm>
#include <cmath>
#include <vector>
#include "check.hpp"

double total(const std::vector<double> &v) {
  double s = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += v[i] * v[i];
  return s;
}
void scale(std::vector<double> &v, double a) {
  for (auto &x : v)
    x *= a;
}
double tail(std::vector<double> v) {
  v[0] = v[0] * v[1];
  return v[0] + v[2];
}

double f(double a, double b) {
  std::vector<double> w(3, a);
  w[2] = a * b;
  scale(w, b);
  double m = std::max(a * b, std::max(std::sin(a), 0.5));
  return total(w) + m * b;
}

double g(double a, double b) {
  std::vector<double> w{a, b, a * b};
  return tail(w) * a;
}

int main() {
  const double a = 1.3, b = 0.7;
  auto [v, da, db] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, ta] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, tb] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, da, db, v1, ta, v2, tb);

  auto [w1, ua] = ddx::derivative(g, ddx::dual(a, 1.0), b);
  auto [w2, ub] = ddx::derivative(g, a, ddx::dual(b, 1.0));
  check::near("g value", w1, g(a, b));
  check::near("g value y", w2, g(a, b));
  check::fd("dg/da", ua, [&](double h) { return g(a + h, b); });
  check::fd("dg/db", ub, [&](double h) { return g(a, b + h); });
  return check::finish();
}
