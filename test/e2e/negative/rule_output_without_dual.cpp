// A rule for a function that both returns a floating-point value and
// writes one through a pointer must return ddx::dual from its
// pushforward: a plain double leaves the returned value's tangent out.
// DDX-RULES: test/e2e/negative/rules
// EXPECT-EXIT: 1
// EXPECT-DIAG: 15:7: writes outputs but gives no tangent
// EXPECT-NOTE: 15:7: return ::ddx::dual
#include <ddx/ddx.hpp>
#include <mylib/split.hpp>

double f(double x) {
  double frac = 0;
  // (the returned value is used: its tangent is needed)
  double whole =
      mylib::split(x * 3, &frac);
  return whole + frac * x;
}

int main() {
  auto [y, dx] = ddx::derivative(f, ddx::dual(1.25, 1.0));
  return y > 0 && dx > 0 ? 0 : 1;
}
