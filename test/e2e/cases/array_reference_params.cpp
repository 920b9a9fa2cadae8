// Case: a function template taking a reference to a const array
// (`const T (&c)[N]`), called on a local array of active values: the
// adjoint of such a parameter is an array of the element type without
// const (it was declared `const double (&)[3]`, which the reverse sweep
// could not add into).
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

template <class T, int N> T horner(const T (&c)[N], T x) {
  T r = 0;
  for (int i = N - 1; i >= 0; --i)
    r = r * x + c[i];
  return r;
}

template <int N> double norm(const double (&v)[N]) {
  double s = 0;
  for (double e : v)
    s += e * e;
  return std::sqrt(s);
}

double f(double a, double b) {
  double c[3] = {a, b, a * b};
  double v[2] = {horner(c, 0.7), b};
  return horner(c, b) + norm(v) * norm(c);
}

int main() {
  const double a = 0.8, b = -1.2;
  auto [y, da, db] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [y1, ta] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [y2, tb] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::near("value", y, f(a, b));
  check::fd("f/a", da, [&](double h) { return f(a + h, b); });
  check::fd("f/b", db, [&](double h) { return f(a, b + h); });
  check::near("fwd vs rev a", ta, da, 1e-12);
  check::near("fwd vs rev b", tb, db, 1e-12);
  return check::finish();
}
