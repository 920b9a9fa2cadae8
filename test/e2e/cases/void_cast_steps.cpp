// Case: a pointer stepped under a cast to void, `(void)++q` or `(void)q++`,
// as libstdc++ writes the second range's step in std::inner_product and
// std::transform. The step used to be left as primal code: the pointer
// moved but its shadow did not, so every derivative was read from or added
// to element 0 (inner_product over C arrays: d/da 6 where 2.2 is right, in
// both modes: a silent wrong derivative). A cast to void now discards only
// the value: the expression under it is a statement like any other.
#include "check.hpp"
#include <ddx/ddx.hpp>
#include <numeric>

double dot_pre(const double *p, const double *q, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i, (void)++q) {
    s += *p * *q;
    ++p;
  }
  return s;
}

double dot_post(const double *p, const double *q, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    s += *p * *q;
    (void)p++;
    static_cast<void>(q++);
  }
  return s;
}

double hand(double a, double b) {
  double x[3] = {1.0, 2.0, 3.0};
  double y[3] = {a, b, a * b};
  return dot_pre(x, y, 3) + dot_post(y, x, 3) * b;
}

// (std::transform steps its output the same way and is right too; its
// generated forward sweep sets the shadow of the returned pointer, which
// nothing reads, and g++ warns about it, so it is not in this case.)
double library(double a, double b) {
  double x[3] = {1.0, a, 3.0};
  double y[3] = {a, b, a * b};
  return std::inner_product(x, x + 3, y, 0.0) * std::accumulate(y, y + 3, 0.0);
}

int main() {
  const double a = 1.7, b = 0.4;
  {
    auto [y, da, db] = ddx::gradient(hand, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(hand, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(hand, a, ddx::dual(b, 1.0));
    check::near("hand value", y, hand(a, b));
    check::fd("hand/a", da, [&](double h) { return hand(a + h, b); });
    check::fd("hand/b", db, [&](double h) { return hand(a, b + h); });
    check::near("hand fwd vs rev a", ta, da, 1e-12);
    check::near("hand fwd vs rev b", tb, db, 1e-12);
    check::near("hand fwd value", y1 + y2, 2 * y);
  }
  {
    auto [y, da, db] = ddx::gradient(library, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(library, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(library, a, ddx::dual(b, 1.0));
    check::near("library value", y, library(a, b));
    check::fd("library/a", da, [&](double h) { return library(a + h, b); });
    check::fd("library/b", db, [&](double h) { return library(a, b + h); });
    check::near("library fwd vs rev a", ta, da, 1e-12);
    check::near("library fwd vs rev b", tb, db, 1e-12);
    check::near("library fwd value", y1 + y2, 2 * y);
  }
  return check::finish();
}
