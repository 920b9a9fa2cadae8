// DDX-RULES: test/e2e/user_rules
// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:22: returns 'Samples' with active arguments
// Case: a user rule whose result holds a std::vector: no tangent comes back
// from a rule in such a value, so the call is refused (it used to give a
// derivative of zero)
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "user_lib/mylib_roots.hpp"

double mean_of_line(double a, double b) {
  mylib::Samples s = mylib::line_samples(a, b, 4);
  return s.mean;
}

int main() {
  auto [y, dy] = ddx::derivative(mean_of_line, ddx::dual(1.5, 1.0), 2.0);
  return y > 0 && dy > 0 ? 0 : 1;
}
