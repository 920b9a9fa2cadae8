// EXPECT-EXIT: 1
// EXPECT-DIAG: 15:19: which call operator
// Case: a generic lambda that the function calls with two argument types
// and also hands to a Boost integrator: its closure has two call
// operators, and ddx says at each use that it cannot tell which one is
// called (the direct calls, then the rule's) instead of guessing
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>

using boost::math::quadrature::gauss_kronrod;

double model(double k) {
  auto f = [k](auto x) { return k * x * x; };
  double direct = f(1.0f) + f(2.0);
  return direct + gauss_kronrod<double, 15>::integrate(f, 0.0, 1.0) +
         gauss_kronrod<double, 15>::integrate(f, 0.0, 1.0);
}

int main() {
  auto [y, dk] = ddx::gradient(model, ddx::active(2.0));
  return y > dk;
}
