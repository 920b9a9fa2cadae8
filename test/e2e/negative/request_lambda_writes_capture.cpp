// EXPECT-EXIT: 1
// EXPECT-DIAG: 10:10: the lambda writes active values into 'sum', which it captures by reference, and a request passes captures without a shadow
// Case: a request on a lambda that accumulates into a variable it captures
// by reference: a capture cannot be passed with ddx::duplicated, so the
// message says to make it a parameter (it used to say "pass it with
// ddx::duplicated(sum, d_sum)", which a request cannot do for a capture).
#include <ddx/ddx.hpp>

int main() {
  double sum = 0;
  double x = 0.5;
  auto add = [&sum](double v) {
    sum += v * v;
    return v;
  };
  auto [v, dv] = ddx::gradient(add, ddx::active(x));
  return v + dv + sum > 0 ? 0 : 1;
}
