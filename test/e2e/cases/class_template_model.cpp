// Case: a model written as a class template over its scalar type and
// size: a chain of N masses joined by springs, with members that read and
// write its state (relax), a const energy, a static helper, and a member
// template called with a lambda. Instantiated for double with two sizes.
// Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <array>
#include <cmath>
#include "check.hpp"

template <class T, int N> struct Chain {
  std::array<T, N> x{};
  T k = 1;
  static T spring(T a, T b, T stiffness) {
    T d = b - a - 1;
    return 0.5 * stiffness * d * d;
  }
  T energy() const {
    T e = 0;
    for (int i = 0; i + 1 < N; ++i)
      e += spring(x[i], x[i + 1], k);
    return e;
  }
  void relax(T step) {
    for (int i = 1; i + 1 < N; ++i)
      x[i] += step * (x[i - 1] + x[i + 1] - 2 * x[i]);
  }
  template <class F> T weighted(F weight) const {
    T s = 0;
    for (int i = 0; i < N; ++i)
      s += weight(i) * x[i];
    return s;
  }
};

template <int N> double model(double a, double b) {
  Chain<double, N> c;
  c.k = a;
  for (int i = 0; i < N; ++i)
    c.x[i] = i * b + 0.1 * i * i;
  for (int s = 0; s < 3; ++s)
    c.relax(0.2 * a);
  double w = c.weighted([b](int i) { return b * (i + 1); });
  return c.energy() + 0.01 * w;
}

int main() {
  const double a = 1.3, b = 0.7;
  {
    auto [v, dx, dy] =
        ddx::gradient(model<4>, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(model<4>, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(model<4>, a, ddx::dual(b, 1.0));
    check::two_inputs("chain<4>", model<4>, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(model<7>, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(model<7>, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(model<7>, a, ddx::dual(b, 1.0));
    check::two_inputs("chain<7>", model<7>, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
