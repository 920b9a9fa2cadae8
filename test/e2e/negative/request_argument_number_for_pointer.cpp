// EXPECT-EXIT: 1
// EXPECT-DIAG: 17:64: cannot be passed as parameter 'c' of type 'const double
// Case: a request passes a number where the target takes a pointer (a
// fuzz mutant: the request's declaration takes any argument, so the
// compiler did not say, and the generated call did not compile, exit 3):
// refused at the argument
#include <ddx/ddx.hpp>
#include <cmath>

double model(double k, double c) { return std::exp(-k) * c; }
double weighted(double k, const double *c) { return std::exp(-k) * c[0]; }

int main() {
  const double k = 0.5, c = 2.0;
  auto [v, dk] = ddx::gradient(model, ddx::active(k), c);
  // a number where the pointer belongs (0 would be a null pointer)
  auto [v2, tw] = ddx::derivative(weighted, ddx::dual(k, 1.0), v);
  return v + v2 > dk + tw;
}
