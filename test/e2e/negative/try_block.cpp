// EXPECT-EXIT: 1
// EXPECT-DIAG: 10:3: exception
// Case: a try/catch block inside the differentiated function is rejected (exceptions unsupported)
#include <ddx/ddx.hpp>

double g(double x) { return x * x; }

double f(double x) {
  double y = 0.0;
  try {
    y = g(x);
  } catch (...) {
    y = 0.0;
  }
  return y + x;
}

int main() {
  double x = 0.5;
  auto [v, dx] = ddx::gradient(f, ddx::active(x));
  return v + dx > 0.0 ? 0 : 1;
}
