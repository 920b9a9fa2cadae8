// DDX-RULES: test/e2e/user_rules
// EXPECT-EXIT: 1
// EXPECT-DIAG: 15:7: returns 'bool', which carries no derivative
// Case: a callable returning bool passed where a rule differentiates it
// (Newton's method by the implicit function theorem): the rule has no
// tangent to work with (the output did not compile)
#include <ddx/ddx.hpp>
#include <cmath>
#include "user_lib/mylib_roots.hpp"

// A predicate where the function whose root is wanted belongs.
double model(double a, double b) {
  double x = mylib::newton_root(
      // the comparison makes it a predicate
      [a, b](double x) { return x * x * x + a * x > b; }, 1.0);
  return x * x + std::sin(a * x);
}

int main() {
  auto [y, da, db] = ddx::gradient(model, ddx::active(1.5), ddx::active(2.0));
  return y > da + db;
}
