// Case: requests written inside templates, as test drivers and generic
// models write them. One text, one instantiation per set of template
// arguments: a function template whose instantiations call the same
// derivative (the request is rewritten to it), one whose target depends on
// a value parameter (power<N>: each instantiation its own derivative,
// through a dispatch class specialised per instantiation), a type and a
// value pack (sizeof...(Ns) in the lambda's body), and a member of a class
// template (in the class, and out of it with its parameter renamed), two
// packs side by side (split differently, one key each), a template
// parameter without a name (std::enable_if_t), and a generic lambda whose
// instantiations all call the same derivative. Both modes, against central differences and forward against
// reverse.
#include <ddx/ddx.hpp>
#include <cmath>
#include <type_traits>
#include "check.hpp"

double f(double x) { return x * std::sin(x); }

template <class T> double slope_of_f(T x) {
  auto [y, d] = ddx::gradient(f, ddx::active(static_cast<double>(x)));
  auto [y1, t] = ddx::derivative(f, ddx::dual(static_cast<double>(x), 1.0));
  check::near("f value", y1, y);
  check::near("f forward against reverse", t, d);
  return d;
}

template <int N> double power(double x) {
  double r = 1;
  for (int i = 0; i < N; ++i)
    r *= x;
  return r;
}

template <int N> void check_power(double x) {
  auto [y, d] = ddx::gradient(power<N>, ddx::active(x));
  auto [y1, t] = ddx::derivative(power<N>, ddx::dual(x, 1.0));
  check::near("power value", y, power<N>(x));
  check::near("power forward against reverse", t, d);
  check::fd("power d/dx", d, [&](double h) { return power<N>(x + h); });
  check::near("power exact", d, N * std::pow(x, N - 1));
}

template <class T, int... Ns> void check_scaled(T x) {
  auto g = [](T s) {
    return std::sin(s) * T(sizeof...(Ns)) + s * s * T(sizeof(T));
  };
  auto [v, d] = ddx::gradient(g, ddx::active(x));
  auto [v1, t] = ddx::derivative(g, ddx::dual(x, T(1)));
  check::near("scaled forward against reverse", t, d);
  check::fd("scaled d/dx", d, [&](double h) { return g(x + h); });
}

template <class Scalar> struct Model {
  Scalar k;
  static Scalar loss(Scalar k, Scalar x) { return k * std::exp(x * k); }
  Scalar slope(Scalar x) const {
    auto [v, dk, dx] = ddx::gradient(loss, ddx::active(k), ddx::active(x));
    auto [v1, t] = ddx::derivative(loss, k, ddx::dual(x, Scalar(1)));
    check::near("model forward against reverse", t, dx);
    check::fd("model d/dk", dk, [&](double h) { return loss(k + h, x); });
    return dx;
  }
};

template <class Scalar> struct Outside {
  double slope(double x) const;
};
template <class S> double Outside<S>::slope(double x) const {
  auto [y, d] = ddx::gradient(power<sizeof(S)>, ddx::active(x));
  return d;
}

template <class... As> struct Packs {
  template <class... Bs> static double slope(double x) {
    auto [y, d] = ddx::gradient(power<sizeof...(As)>, ddx::active(x));
    return d + 0 * sizeof...(Bs);
  }
};

template <int N, class = std::enable_if_t<(N > 0)>> double guarded(double x) {
  auto [y, d] = ddx::gradient(power<N>, ddx::active(x));
  return d;
}

int main() {
  const double x = 0.7;
  double d = slope_of_f(x);
  check::fd("f d/dx", d, [&](double h) { return f(x + h); });
  check::near("f through float", slope_of_f(0.5f),
              slope_of_f(static_cast<double>(0.5f)));
  check_power<2>(1.3);
  check_power<3>(1.3);
  check_power<5>(0.9);
  check_scaled<double, 1, 2>(0.3);
  check_scaled<double, 4>(0.3);
  auto generic = [](auto v) {
    auto [y, d] = ddx::gradient(f, ddx::active(static_cast<double>(v)));
    return d;
  };
  check::near("generic lambda", generic(x), d);
  check::near("generic lambda on an int", generic(1), slope_of_f(1.0));
  check::near("outside, float", Outside<float>().slope(1.1),
              4 * std::pow(1.1, 3));
  check::near("outside, double", Outside<double>().slope(1.1),
              8 * std::pow(1.1, 7));
  check::near("packs <int>, <long>", Packs<int>::slope<long>(1.2), 1.0);
  check::near("packs <int, long>, <>", Packs<int, long>::slope<>(1.2), 2.4);
  check::near("guarded 2", guarded<2>(0.8), 1.6);
  check::near("guarded 3", guarded<3>(0.8), 3 * 0.64);
  Model<double> m{1.5};
  double s = m.slope(0.4);
  check::fd("model d/dx", s, [&](double h) { return m.loss(m.k, 0.4 + h); });
  return check::finish();
}
