// DDX-RULES: test/e2e/user_rules
// EXPECT-EXIT: 1
// EXPECT-DIAG: 15:10: has no pullback
// Case: a user rule with a callable parameter gives only a pushforward; a
// gradient needs its pullback, which cannot be derived from the pushforward
// (the callable's derivative is inside the rule), so ddx says which rule
// and what to write
#include <ddx/ddx.hpp>
#include <cmath>
#include "../user_lib/mylib_roots.hpp"

double model(double k) {
  auto f = [k](double x) { return std::sin(k * x); };
  double direct = 0;
  return mylib::sample_mean(f, 0.0, 1.0, 10) + direct;
}

int main() {
  auto [y, dk] = ddx::gradient(model, ddx::active(1.0));
  return y > dk;
}
