// Case: default constructors the user wrote (`Range() : a{1.0, 2.0} {}`):
// a local built by one, a member of an aggregate built by it (`Holder h;`,
// `Holder g{}`), and an array whose brace list builds the rest of its
// elements alike. Each starts from the constructor's values, not zero.
// (Refused before classes were supported: negative/class_with_constructor.)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"
struct Range { double a[2]; Range() : a{1.0, 2.0} {} };
struct Holder { Range r; double k; };
double f(double x) {
  Range r;
  r.a[1] = r.a[0] * x;
  Holder h;
  h.k = x;
  Holder g{};
  Range rs[3] = {Range()};
  rs[2].a[0] *= x;
  return r.a[1] * x + h.r.a[1] * h.k + g.r.a[0] * x + rs[1].a[1] * rs[2].a[0];
}
int main() {
  const double a = 0.7;
  auto [y, da] = ddx::gradient(f, ddx::active(a));
  auto [y1, ta] = ddx::derivative(f, ddx::dual(a, 1.0));
  check::near("value", y, f(a), 1e-12);
  check::near("value fwd", y1, f(a), 1e-12);
  check::fd("d/da", da, [&](double h) { return f(a + h); });
  check::fd("d/da fwd", ta, [&](double h) { return f(a + h); });
  return check::finish();
}
