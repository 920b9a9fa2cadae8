// Case: push_back into a std::vector that is a member: of a local struct
// (`s.w.push_back(x)`), from a member function of the object
// (`w.push_back(x)` on `this`), and of a struct inside a struct. The
// shadow grows alongside and, in reverse mode, shrinks back as the sweep
// pops each element and hands its adjoint to the value it was made from.
// Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

struct Series {
  std::vector<double> w;
  double scale = 1.0;
  void add(double x) { w.push_back(scale * x); }
  double sum() const {
    double s = 0;
    for (double v : w)
      s += v * v;
    return s;
  }
};

struct Holder {
  Series inner;
  std::vector<double> log;
};

double f(double a, double b) {
  Series s;
  s.scale = b;
  for (int i = 0; i < 4; ++i)
    s.add(a + i * b);
  s.w.push_back(std::sin(a));
  Holder h;
  h.inner.w.push_back(a * b);
  h.inner.add(a);
  for (int i = 0; i < 3; ++i)
    h.log.push_back(h.inner.sum() * i);
  return s.sum() + h.log.back() + h.inner.w[1];
}

int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
