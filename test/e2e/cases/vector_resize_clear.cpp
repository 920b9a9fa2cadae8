// Case: std::vector's resize and clear on active data: a work vector
// grown and shrunk inside a loop (reverse mode puts back each shape and
// the values the shrinking dropped), cleared and refilled with push_back,
// and a member vector resized from a member function. New elements are
// zero, and so are their derivatives. Both modes against finite
// differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

struct Buffer {
  std::vector<double> v;
  void fit(int n) { v.resize(n); }
};

double f(double a, double b) {
  std::vector<double> w{a, b, a * b};
  double s = 0;
  for (int k = 1; k < 4; ++k) {
    w.resize(k + 1);
    for (int i = 0; i <= k; ++i)
      w[i] = w[i] * 0.5 + a * i + std::sin(b * k);
    s += w[k] * w[0];
    w.resize(2);
    s += w[1] * b;
  }
  w.clear();
  for (int i = 0; i < 3; ++i)
    w.push_back(s * i + a);
  Buffer buf;
  buf.v.push_back(b);
  buf.fit(3);
  buf.v[2] = buf.v[0] * a;
  return s + w[2] * w[1] + buf.v[2] + buf.v[1];
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
