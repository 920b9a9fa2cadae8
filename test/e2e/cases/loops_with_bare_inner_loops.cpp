// Case: loops whose body is itself a loop or a switch, without braces, the
// inner one using continue or break. Those jumps belong to the inner
// statement: the outer loop gets no flag of its own (a flag set and never
// read made the generated code warn, and fail a -Werror build).
#include <ddx/ddx.hpp>
#include "check.hpp"

double pairs(double a, double b) {
  double e = 0.0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      if (j == i)
        continue;
      e += a * i * j + b / (1 + i + j);
    }
  int k = 0;
  while (k < 3)
    for (int j = 0;; ++j) {
      if (j > k) {
        ++k;
        break;
      }
      e += a * b * j;
    }
  for (int i = 0; i < 5; ++i)
    switch (i % 3) {
    case 0:
      e += a * a;
      break;
    case 1:
      e -= b * i;
      break;
    default:
      e += a * b;
    }
  return e;
}

int main() {
  double pts[2][2] = {{0.7, 1.3}, {-0.4, 2.1}};
  for (auto &p : pts) {
    double a = p[0], b = p[1];
    auto [y, da, db] = ddx::gradient(pairs, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(pairs, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(pairs, a, ddx::dual(b, 1.0));
    check::near("value", y, pairs(a, b), 1e-12);
    check::near("value fwd", y1 + y2, 2 * pairs(a, b), 1e-12);
    check::fd("d/da", da, [&](double h) { return pairs(a + h, b); });
    check::fd("d/db", db, [&](double h) { return pairs(a, b + h); });
    check::near("fwd vs rev a", ta, da, 1e-10);
    check::near("fwd vs rev b", tb, db, 1e-10);
  }
  return check::finish();
}
