// Case: std::for_each over a C array given as pointers (y, y + 3), with a
// lambda that writes each element through a reference parameter. Before
// <algorithm> had rules, ddx walked into libstdc++'s for_each and stopped
// at `return __f;` (negative for_each_returns_callable); now the rule
// applies the lambda's derivative element by element, and reverse mode puts
// the array back before pulling the calls back. Both modes against finite
// differences.
#include <algorithm>
#include <ddx/ddx.hpp>
#include "check.hpp"

double model(double a, double b) {
  double y[3] = {a, b, a * b};
  std::for_each(y, y + 3, [&](double &v) { v = v * v + b; });
  return y[0] + y[1] * y[2];
}

int main() {
  const double a = 1.7, b = 0.4;
  auto [v, dx, dy] = ddx::gradient(model, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(model, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(model, a, ddx::dual(b, 1.0));
  check::two_inputs("model", model, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
