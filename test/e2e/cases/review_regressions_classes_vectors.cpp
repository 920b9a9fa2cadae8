// Case: regressions found by review of the class and vector support:
// push_back of a value that reads the vector it grows (`xs.push_back(
// xs.back() + ...)`, which saw the new element before), an assignment in the
// right operand of && in a loop condition (printed as primal code before),
// a member built by the compiler's constructor from a user default
// constructor in two branches (one shared temporary before), and a
// converting constructor in the branches of ?: (its object is not a copy
// of its argument). Forward and reverse mode against finite differences.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>
struct Sq {
  double v;
  Sq(double m) : v(m * m) {}
};
double f1(double a) {
  std::vector<double> xs{a};
  for (int t = 0; t < 3; ++t)
    xs.push_back(xs.back() + 0.1 * a * xs.size());
  return xs.back() * xs[1];
}
double f2(double a) {
  double s = 0;
  int i = 0;
  while (i++ < 3 && (s += a * a) < 100) {
  }
  return s;
}
struct Acc {
  double s;
  Acc() : s(1) {}
};
struct Sys {
  Acc acc;
};
double f4(double a) {
  double r = 0;
  if (a > 0) {
    Sys p;
    r += p.acc.s * a;
  } else {
    Sys q;
    r += q.acc.s * a * a;
  }
  return r;
}
double f3(double a) {
  Sq s = a > 0 ? Sq(a) : Sq(-a);
  return s.v;
}
int main() {
  for (double a : {0.7, -0.6}) {
    {
      auto [y, d] = ddx::gradient(f1, ddx::active(a));
      auto [y1, t] = ddx::derivative(f1, ddx::dual(a, 1.0));
      check::near("f1", y, f1(a), 1e-12);
      check::fd("f1 rev", d, [&](double h) { return f1(a + h); });
      check::fd("f1 fwd", t, [&](double h) { return f1(a + h); });
      (void)y1;
    }
    {
      auto [y, d] = ddx::gradient(f2, ddx::active(a));
      auto [y1, t] = ddx::derivative(f2, ddx::dual(a, 1.0));
      check::near("f2", y, f2(a), 1e-12);
      check::fd("f2 rev", d, [&](double h) { return f2(a + h); });
      check::fd("f2 fwd", t, [&](double h) { return f2(a + h); });
      (void)y1;
    }
    {
      auto [y, d] = ddx::gradient(f4, ddx::active(a));
      auto [y1, t] = ddx::derivative(f4, ddx::dual(a, 1.0));
      check::near("f4", y, f4(a), 1e-12);
      check::fd("f4 rev", d, [&](double h) { return f4(a + h); });
      check::fd("f4 fwd", t, [&](double h) { return f4(a + h); });
      (void)y1;
    }
  }
  {
    double a = 1.5;
    auto [y, d] = ddx::gradient(f3, ddx::active(a));
    auto [y1, t] = ddx::derivative(f3, ddx::dual(a, 1.0));
    check::fd("f3 rev", d, [&](double h) { return f3(a + h); });
    check::fd("f3 fwd", t, [&](double h) { return f3(a + h); });
    (void)y;
    (void)y1;
  }
  return check::finish();
}
