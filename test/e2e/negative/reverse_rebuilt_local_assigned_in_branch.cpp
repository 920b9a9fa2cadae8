// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:21: the gradient needs the value 'integrator' had here
// Case: an integrator object (not trivially copyable, so the tape cannot
// hold it) that the reverse sweep needs is assigned on one branch only; ddx
// rebuilds such locals from their one initialisation and refuses otherwise
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>

using boost::math::quadrature::tanh_sinh;

double inner(double k) {
  tanh_sinh<double> integrator;
  if (k > 1)
    integrator = tanh_sinh<double>(5);
  return integrator.integrate([k](double x) { return std::exp(-k * x); }, 0.0, 1.0);
}
double outer(double k) { return inner(k) * k; }

int main() {
  auto [y, dk] = ddx::gradient(outer, ddx::active(1.0));
  return y > dk;
}
