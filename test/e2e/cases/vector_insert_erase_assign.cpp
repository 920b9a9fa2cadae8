// Case: std::vector's erase, insert, emplace, assign and pop_back on active
// data, also inside a loop and on a vector of structs: the shadow makes
// the same change (tangents of what comes in, in forward mode; zero
// adjoints, in reverse mode), and the reverse sweep undoes it, giving the
// adjoints of inserted or assigned copies to the value they came from and
// putting the vector back. Both modes against finite differences.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

struct P {
  double x, v;
};

double f(double a, double b) {
  std::vector<double> w{a, b, a * b, 1.0, b - a};
  w.erase(w.begin() + 1);               // {a, ab, 1, b-a}
  w.insert(w.begin() + 2, std::sin(b)); // {a, ab, sin b, 1, b-a}
  w.erase(w.begin(), w.begin() + 1);    // {ab, sin b, 1, b-a}
  double s = 0;
  for (int k = 0; k < 3; ++k) {
    w.insert(w.begin(), w[1] * a);
    s += w[0] * w.back();
    w.pop_back();
  }
  w.emplace(w.end(), b * b);
  std::vector<double> u(2);
  u.assign(3, a * b);
  u[1] *= b;
  std::vector<P> ps{{a, b}, {b, a}};
  ps.insert(ps.begin() + 1, P{a * a, b});
  ps.erase(ps.begin());
  for (double x : w)
    s += x * x;
  return s + u[0] * u[1] + u[2] + ps[0].x * ps[1].v + ps[0].v;
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
