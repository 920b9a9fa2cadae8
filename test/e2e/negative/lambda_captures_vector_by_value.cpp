// EXPECT-EXIT: 1
// EXPECT-DIAG: 17:13: ddx cannot pass 'w' by value to the lambda in reverse mode yet
// EXPECT-DIAG: 17:13: capture it by reference (\[&w\])
// Case: a lambda capturing a std::vector by value, integrated with
// Gauss-Kronrod in reverse mode: the adjoint object's copy of the vector's
// derivative took the adjoints and the caller never saw them (a gradient
// of 0). Refused at the capture, saying to capture by reference.
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <vector>

using boost::math::quadrature::gauss_kronrod;

double f(double a, double b) {
  std::vector<double> w{b, a * b};
  double unused = 0;
  auto g = [w](double t) { return w[0] * t + w[1]; };
  return gauss_kronrod<double, 15>::integrate(g, 0.0, 1.0, 5, 1e-9);
}

int main() {
  auto [v, da, db] = ddx::gradient(f, ddx::active(1.3), ddx::active(0.7));
  return v > 0 && da > 0 && db > 0 ? 0 : 1;
}
