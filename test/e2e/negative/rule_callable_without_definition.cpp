// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:47: no definition
// Case: the integrand passed to a Boost integrator is a function whose
// definition ddx cannot see (declared only, defined in another file): its
// derivative cannot be generated, and ddx says which function
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>

double elsewhere(double x); // defined in another translation unit

double model(double a) {
  using boost::math::quadrature::gauss_kronrod;
  return gauss_kronrod<double, 15>::integrate(elsewhere, a, 1.0) + gauss_kronrod<double, 15>::integrate(elsewhere, 0.0, a);
}

int main() {
  auto [y, da] = ddx::gradient(model, ddx::active(0.5));
  return y > da;
}
