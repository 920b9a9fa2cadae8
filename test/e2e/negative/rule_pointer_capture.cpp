// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:7: cannot pass the adjoint
// Case: an integrand that captures a pointer to active data, integrated in
// reverse mode: the rule sums the integrand's pullbacks in a cotangent
// vector, which cannot hold what a pointer points to, so ddx refuses at the
// lambda and says what to capture instead
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>

double model(const double *c) {
  return boost::math::quadrature::gauss_kronrod<double, 15>::integrate(
      [c](double x) { return std::exp(c[0] * x); }, 0.0, 1.0, 15, 1e-10);
}

int main() {
  double c[1] = {0.5}, dc[1] = {0.0};
  auto [v] = ddx::gradient(model, ddx::duplicated(c, dc));
  return v > dc[0];
}
