// EXPECT-EXIT: 1
// EXPECT-DIAG: 9:17: ddx::derivative needs a result that carries a derivative
// Case: forward mode on a function returning int (found by the mutation
// fuzzer: the output did not compile)
#include <ddx/ddx.hpp>

int f(double x) { return x * x; }
int main() {
  auto [v, t] = ddx::derivative(f, ddx::dual(1.5, 1.0));
  return v + t > 0;
}
