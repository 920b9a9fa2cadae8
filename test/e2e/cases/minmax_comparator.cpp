// Case: std::max and std::min with a comparator (std::greater, a named
// function, a functor): the comparator only chooses which argument's
// derivative the result takes, as the library chooses (max returns b when
// comp(a, b), min when comp(b, a)). Forward and reverse mode against
// finite differences, at points on both sides of each choice.
#include <ddx/ddx.hpp>
#include <algorithm>
#include <cmath>
#include <functional>
#include "check.hpp"

bool by_magnitude(double x, double y) { return std::fabs(x) < std::fabs(y); }
struct Closer {
  double to;
  bool operator()(double x, double y) const {
    return std::fabs(x - to) < std::fabs(y - to);
  }
};

double f(double a, double b) {
  double m = std::max(a, b, std::greater<double>()); // the smaller one
  double n = std::min(a * b, b, &by_magnitude);
  double c = std::max(a, b * b, Closer{0.25});
  return m * 2 + n * a + c * c;
}

int main() {
  const double points[][2] = {{-1.5, 0.7}, {0.9, -0.4}, {0.3, 2.2}};
  for (const auto &p : points) {
    double a = p[0], b = p[1];
    auto [y, da, db] = ddx::gradient(f, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(f, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(f, a, ddx::dual(b, 1.0));
    check::near("value", y, f(a, b), 1e-12);
    check::near("value fwd", y1 + y2, 2 * f(a, b), 1e-12);
    check::fd("d/da", da, [&](double h) { return f(a + h, b); });
    check::fd("d/db", db, [&](double h) { return f(a, b + h); });
    check::fd("d/da fwd", ta, [&](double h) { return f(a + h, b); });
    check::fd("d/db fwd", tb, [&](double h) { return f(a, b + h); });
  }
  return check::finish();
}
