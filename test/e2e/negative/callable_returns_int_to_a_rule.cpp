// EXPECT-EXIT: 1
// EXPECT-DIAG: 18:18: the callable passed here returns 'int', which carries no derivative, to a rule that differentiates it
// EXPECT-NOTE: 18:18: return the floating-point value the rule works on (or void, writing through reference parameters)
// Case: std::transform's operation returns an int (a rounded value) made
// from the element it takes by reference. The rule differentiates what the
// operation returns, and an int has no derivative to give: refused at the
// operation, rather than a derivative of zero. (A C function returning a
// status and writing its results through pointers, as a GSL ODE system
// does, is accepted: docs/rules.md, "The callable objects".)
#include <algorithm>
#include <ddx/ddx.hpp>
#include <vector>

double rounded_sum(double a) {
  std::vector<double> v{a, 2 * a, 3 * a};
  std::vector<double> out(3);
  std::transform(v.begin(), v.end(), out.begin(),
                 [](double &x) -> int { return static_cast<int>(x * 10); });
  return out[0] + out[1] + out[2] + a;
}

int main() {
  auto [v, da] = ddx::gradient(rounded_sum, ddx::active(0.5));
  return v + da > 0 ? 0 : 1;
}
