// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:61: cannot be passed as parameter 'c' of type 'double'
// Case: a request passes a function where the target takes a double (the
// request's declaration takes any argument, so the compiler did not say;
// the generated call did not compile): refused at the argument
#include <ddx/ddx.hpp>
#include <cmath>

double damp(const double &x, double c) { return x * c; }
double model(double k, double c) { return std::exp(-k) * c; }

int main() {
  const double k = 0.5, c = 2.0;
  auto [v, dk] = ddx::gradient(model, ddx::active(k), c);
  // a function where the double belongs
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), damp);
  return v + v1 > dk + tk;
}
