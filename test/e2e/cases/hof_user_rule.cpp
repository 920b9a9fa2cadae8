// DDX-RULES: test/e2e/user_rules
// Case: a user-written rule for a higher-order library function, loaded
// with --rules: Newton's method differentiated by the implicit function
// theorem, with the callable's captures active, forward and reverse
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"
#include "user_lib/mylib_roots.hpp"

// The x with x^3 + a x = b, then used.
double model(double a, double b) {
  double x = mylib::newton_root(
      [a, b](double x) { return x * x * x + a * x - b; }, 1.0);
  return x * x + std::sin(a * x);
}

int main() {
  const double a = 1.5, b = 2.0;
  auto [y, da, db] = ddx::gradient(model, ddx::active(a), ddx::active(b));
  auto [y1, ta] = ddx::derivative(model, ddx::dual(a, 1.0), b);
  auto [y2, tb] = ddx::derivative(model, a, ddx::dual(b, 1.0));
  check::near("value", y, model(a, b));
  check::fd("dmodel/da", da, [&](double h) { return model(a + h, b); });
  check::fd("dmodel/db", db, [&](double h) { return model(a, b + h); });
  check::near("fwd vs rev a", ta, da, 1e-10);
  check::near("fwd vs rev b", tb, db, 1e-10);
  return check::finish();
}
