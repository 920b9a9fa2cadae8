// Case: the library's transparent function objects (std::plus<>(),
// std::multiplies<>(), std::minus<>()) passed to the <numeric> and
// <algorithm> rules, the same object type used with different argument
// types in one function (accumulate calls plus<>'s operator() with two
// lvalues, inner_product with an lvalue and a temporary: two
// specialisations, told apart by the library function that calls each), a
// lambda taking its operands by non-const reference, a functor whose
// call operator is a template, and transform_reduce's plus<>, called with
// lvalues and temporaries in one library function (once unresolved). Both modes, against central differences.
#include <ddx/ddx.hpp>
#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <vector>
#include "check.hpp"

struct Weighted {
  template <class A, class B> auto operator()(const A &a, const B &b) const {
    return a + 0.5 * b * b;
  }
};

double f(double a, double b) {
  std::vector<double> v{a, b, a * b, std::sin(a)};
  double s = std::accumulate(v.begin(), v.end(), 0.0, std::plus<>());
  double p = std::inner_product(v.begin(), v.end(), v.begin(), 1.0,
                                std::plus<>(), std::multiplies<>());
  double q = std::accumulate(v.begin(), v.end(), 1.0, std::multiplies<>());
  std::vector<double> w(v.size());
  std::transform(v.begin(), v.end(), v.rbegin(), w.begin(), std::minus<>());
  double r = std::accumulate(w.begin(), w.end(), 0.0,
                             [](double &acc, double &x) { return acc + x * x; });
  double t = std::accumulate(v.begin(), v.end(), 0.0, Weighted());
  // (transform_reduce calls plus<>'s operator() with lvalues and with
  // temporaries: specialisations of one template, taking numbers alike.)
  double u = std::transform_reduce(v.begin(), v.end(), 0.0, std::plus<>(),
                                   [](double e) { return std::sin(e); });
  return s + p + std::sin(q) + r + t + u;
}

int main() {
  const double a = 1.3, b = 0.45;
  auto [v, da, db] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, ta] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, tb] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, da, db, v1, ta, v2, tb);
  return check::finish();
}
