// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:22: an assignment inside an expression here
// Case: an assignment read for its value whose target steps a variable
// (`v[k++] = a`): lowering reads the target again for the value, which
// would step k twice, so it refuses where an assignment read for its value
// is otherwise lifted out (see assignments_in_expressions).
#include <ddx/ddx.hpp>
#include <vector>

double f(double a) {
  std::vector<double> v(3);
  int k = 0;
  double y = (v[k++] = a);
  return y * v[0];
}

int main() {
  auto [y, d] = ddx::gradient(f, ddx::active(1.5));
  return y + d > 0 ? 0 : 1;
}
