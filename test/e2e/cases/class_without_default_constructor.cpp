// Case: locals of classes whose constructors all take arguments and that
// hold containers (no default constructor, not trivially copyable), as
// models are written: generated code declares every local before it sets
// it, so these live in ddx::late storage until their constructor runs. An
// active series built from active arguments in a loop, a grid with an
// accessor, an inactive index table read by the reverse sweep; both modes,
// against central differences and each other. Whole copies of such an
// object (forward mode: reverse mode refuses copying a class that holds a
// container) are built by their first assignment.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

struct Series {
  std::vector<double> w;
  double scale;
  int n;
  Series(double a, int n_) : w(n_, a), scale(2 * a), n(n_) {
    for (int i = 1; i < n; ++i)
      w[i] = w[i - 1] * 0.5 + a;
  }
  double sum() const {
    double s = 0;
    for (double v : w)
      s += v;
    return s * scale;
  }
};

class Grid {
public:
  std::vector<double> cells;
  explicit Grid(int n) : cells(n, 0.0) {}
  double &at(int i) { return cells[i]; }
  double at(int i) const { return cells[i]; }
};

template <class T> struct Table {
  int rows, cols;
  std::vector<T> data;
  Table(int r, int c) : rows(r), cols(c), data(r * c) {}
  T &operator()(int i, int j) { return data[i * cols + j]; }
};

double model(double a, double b, int n) {
  Table<int> order(n, 2);
  for (int i = 0; i < n; ++i) {
    order(i, 0) = (3 * i + 1) % n;
    order(i, 1) = (n - 1 - i);
  }
  double total = 0;
  for (int t = 0; t < 3; ++t) {
    Series s(a + t * b, n);
    total += s.sum() * b;
  }
  Grid g(n);
  for (int i = 0; i < n; ++i)
    g.at(i) = std::sin(a * (i + 1)) * b;
  for (int i = 0; i < n; ++i)
    total += g.at(order(i, 0)) * g.at(order(i, 1));
  return total;
}

// An object a function returns, from inactive arguments (both modes).
Series make(double a, int n) {
  Series s(a, n);
  s.w[0] = a * a;
  return s;
}
double made(double a, int n) {
  Series s = make(2.0, n);
  double t = 0;
  for (int i = 0; i < n; ++i)
    t += s.w[i] * std::sin(a * i) * s.scale;
  return t;
}

// A copy, and an object rebuilt from a temporary.
double copied(double a, int n) {
  Series s(a, n);
  Series t = s;
  t.w[1] = a * a;
  return t.sum() + s.sum();
}
double rebuilt(double a, int n) {
  Series s(a, n);
  double x = s.sum();
  s = Series(x, n);
  return s.sum();
}

int main() {
  const double a = 0.3, b = 0.7;
  const int n = 5;
  auto [y, da, db] =
      ddx::gradient(model, ddx::active(a), ddx::active(b), ddx::constant(n));
  auto [y1, ta] =
      ddx::derivative(model, ddx::dual(a, 1.0), b, ddx::constant(n));
  auto [y2, tb] =
      ddx::derivative(model, a, ddx::dual(b, 1.0), ddx::constant(n));
  check::near("value", y, model(a, b, n), 1e-14);
  check::near("forward value", y1, model(a, b, n), 1e-14);
  (void)y2;
  check::fd("d/da reverse", da, [&](double h) { return model(a + h, b, n); });
  check::fd("d/db reverse", db, [&](double h) { return model(a, b + h, n); });
  check::near("d/da forward vs reverse", ta, da, 1e-12);
  check::near("d/db forward vs reverse", tb, db, 1e-12);
  auto [c, tc] = ddx::derivative(copied, ddx::dual(a, 1.0), ddx::constant(n));
  check::near("copied value", c, copied(a, n), 1e-14);
  check::fd("copied d/da forward", tc,
            [&](double h) { return copied(a + h, n); });
  auto [r, tr] = ddx::derivative(rebuilt, ddx::dual(a, 1.0), ddx::constant(n));
  check::near("rebuilt value", r, rebuilt(a, n), 1e-14);
  check::fd("rebuilt d/da forward", tr,
            [&](double h) { return rebuilt(a + h, n); });
  auto [m, dm] = ddx::gradient(made, ddx::active(a), ddx::constant(n));
  auto [m1, tm] = ddx::derivative(made, ddx::dual(a, 1.0), ddx::constant(n));
  check::near("made value", m, made(a, n), 1e-14);
  (void)m1;
  check::fd("made d/da reverse", dm, [&](double h) { return made(a + h, n); });
  check::near("made forward vs reverse", tm, dm, 1e-12);
  return check::finish();
}
