// EXPECT-EXIT: 1
// EXPECT-DIAG: 11:25: not trivially copyable
// Case: reverse mode would have to record a whole std::vector on every
// iteration; ddx says so instead of generating code that cannot compile
#include <ddx/ddx.hpp>
#include <vector>

double f(double x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    std::vector<double> w(2);
    w[0] = x * i;
    w[1] = x;
    s += w[0] * w[1];
  }
  return s;
}

int main() {
  auto [y, dx] = ddx::gradient(f, ddx::active(0.5), 3);
  return y > dx;
}
