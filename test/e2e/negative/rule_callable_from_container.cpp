// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:72: cannot resolve the callable
// Case: the integrand is picked at run time from a container that arrives
// from outside the request; ddx cannot bind the rule statically and says
// so at the argument, instead of generating a call through std::function
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <functional>
#include <vector>

using Integrands = std::vector<std::function<double(double)>>;

double model(double k, const Integrands &fs, int which) {
  return boost::math::quadrature::gauss_kronrod<double, 15>::integrate(fs[which], 0.0, k);
}

int main() {
  Integrands fs = {[](double x) { return x; }};
  auto [y, dk] = ddx::gradient(model, ddx::active(1.0), fs, 0);
  return y > dk;
}
