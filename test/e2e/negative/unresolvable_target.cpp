// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:32: cannot resolve the function
// Case: a request whose target is a function pointer chosen at run time
#include <ddx/ddx.hpp>
#include <cmath>

double f(double x) { return std::sin(x); }
double g(double x) { return x * x; }

int main(int argc, char **) {
  double (*pick)(double) = f;
  if (argc > 1) pick = g;
  auto [y, dx] = ddx::gradient(pick, ddx::active(0.5));
  return y > dx;
}
