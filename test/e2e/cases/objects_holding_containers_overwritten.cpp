// Case: whole objects that hold containers, overwritten where reverse mode
// must save them (the tape keeps copies of objects it cannot copy byte by
// byte), and assigned from values without a derivative (the derivative is
// a zeroed copy with the containers' sizes; it was an empty container
// indexed out of bounds before). A struct assigned from a factory, a
// member object built by a constructor, a series rebuilt in a loop, rows
// of a vector of vectors replaced in a loop, a callee's local object read
// by its reverse sweep. Both modes, against central differences.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

struct Holder {
  std::vector<double> v;
  double s;
};
Holder make_holder(int n) {
  Holder h;
  h.v.assign(n, 1.0);
  h.s = 2;
  return h;
}
double from_factory(double a, int n) {
  Holder first = make_holder(n);
  Holder h;
  h = make_holder(n + 1);
  for (int i = 0; i < n; ++i)
    h.v[i] = h.v[i] * a * (i + 1) + first.v[i] * std::sin(a);
  double t = 0;
  for (int i = 0; i < n; ++i)
    t += h.v[i] * h.v[i] * h.s;
  return t;
}

struct Inner {
  std::vector<double> v;
  Inner() = default;
  explicit Inner(int n) : v(n) {}
};
struct Outer {
  Inner in;
  double k = 0;
  Outer() = default;
  Outer(int n, double k_) : in(n), k(k_) {}
};
double member_object(double a, int n) {
  Outer o(n, a * a);
  for (int i = 0; i < n; ++i)
    o.in.v[i] = o.k * a * i;
  double total = 0;
  for (int i = 0; i < n; ++i)
    total += o.in.v[i] * o.in.v[i];
  return total;
}

struct Series {
  std::vector<double> w;
  double scale = 0;
  Series() = default;
  Series(double a, int n) : w(n, a), scale(2 * a) {
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
double rebuilt_in_loop(double a, int n) {
  double t = 0;
  Series s(a, n);
  for (int k = 0; k < 3; ++k) {
    s = Series(s.sum() * 0.1, n);
    t += s.sum();
  }
  return t;
}

double rows_replaced(double a, int n) {
  std::vector<std::vector<double>> rows(n, std::vector<double>(n, 0.0));
  double t = 0;
  for (int k = 0; k < 4; ++k) {
    rows[k % n] = std::vector<double>(n, a * (k + 1));
    for (int i = 0; i < n; ++i)
      t += rows[i][0] * rows[i][n - 1] * a;
  }
  return t;
}

double series_total(double a, int n) {
  Series s(a * a, n);
  return s.sum();
}
double callee_local(double a, int n) {
  double t = 0;
  for (int k = 0; k < 2; ++k)
    t += series_total(a + k, n) * a;
  return t;
}

int main() {
  const double a = 0.3;
  const int n = 3;
  {
    auto [y, da] =
        ddx::gradient(from_factory, ddx::active(a), ddx::constant(n));
    auto [y1, ta] =
        ddx::derivative(from_factory, ddx::dual(a, 1.0), ddx::constant(n));
    check::near("factory value", y, from_factory(a, n), 1e-14);
    check::fd("factory reverse", da,
              [&](double h) { return from_factory(a + h, n); });
    check::near("factory forward vs reverse", ta, da, 1e-12);
    (void)y1;
  }
  {
    auto [y, da] =
        ddx::gradient(member_object, ddx::active(a), ddx::constant(n));
    auto [y1, ta] =
        ddx::derivative(member_object, ddx::dual(a, 1.0), ddx::constant(n));
    check::near("member value", y, member_object(a, n), 1e-14);
    check::fd("member reverse", da,
              [&](double h) { return member_object(a + h, n); });
    check::near("member forward vs reverse", ta, da, 1e-12);
    (void)y1;
  }
  {
    auto [y, da] =
        ddx::gradient(rebuilt_in_loop, ddx::active(a), ddx::constant(n));
    auto [y1, ta] =
        ddx::derivative(rebuilt_in_loop, ddx::dual(a, 1.0), ddx::constant(n));
    check::near("rebuilt value", y, rebuilt_in_loop(a, n), 1e-14);
    check::fd("rebuilt reverse", da,
              [&](double h) { return rebuilt_in_loop(a + h, n); });
    check::near("rebuilt forward vs reverse", ta, da, 1e-12);
    (void)y1;
  }
  {
    auto [y, da] =
        ddx::gradient(rows_replaced, ddx::active(a), ddx::constant(n));
    auto [y1, ta] =
        ddx::derivative(rows_replaced, ddx::dual(a, 1.0), ddx::constant(n));
    check::near("rows value", y, rows_replaced(a, n), 1e-14);
    check::fd("rows reverse", da,
              [&](double h) { return rows_replaced(a + h, n); });
    check::near("rows forward vs reverse", ta, da, 1e-12);
    (void)y1;
  }
  {
    auto [y, da] =
        ddx::gradient(callee_local, ddx::active(a), ddx::constant(n));
    auto [y1, ta] =
        ddx::derivative(callee_local, ddx::dual(a, 1.0), ddx::constant(n));
    check::near("callee value", y, callee_local(a, n), 1e-14);
    check::fd("callee reverse", da,
              [&](double h) { return callee_local(a + h, n); });
    check::near("callee forward vs reverse", ta, da, 1e-12);
    (void)y1;
  }
  return check::finish();
}
