// DDX-RULES: test/e2e/user_rules
// EXPECT-EXIT: 1
// EXPECT-DIAG: 12:19: has no pullback, which reverse mode needs for a rule whose result is a struct
// Case: a user rule returning a struct has a pushforward only: reverse mode
// cannot transpose it (the seed is a struct), so it is refused at the call
// rather than given a wrong adjoint
#include <ddx/ddx.hpp>
#include <cmath>
#include "user_lib/mylib_roots.hpp"

double width(double a, double b) {
  mylib::Span s = mylib::scaled_span(a, b, 2.0);
  return s.hi - s.lo;
}

int main() {
  auto [y, da, db] = ddx::gradient(width, ddx::active(1.5), ddx::active(2.0));
  return y > 0 && da < db ? 0 : 1;
}
