// EXPECT-EXIT: 1
// EXPECT-DIAG: 9:5: exception
// Case: a throw expression inside the differentiated function is rejected (exceptions unsupported)
#include <ddx/ddx.hpp>
#include <stdexcept>

double f(double x) {
  if (x < 0.0)
    throw std::domain_error("f: negative argument");
  return x * x;
}

int main() {
  double x = 0.5;
  auto [v, dx] = ddx::gradient(f, ddx::active(x));
  return v + dx > 0.0 ? 0 : 1;
}
