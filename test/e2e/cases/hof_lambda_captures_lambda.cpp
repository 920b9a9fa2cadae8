// Case: a lambda that captures another lambda (held in a local) and calls
// it: called directly, passed to a Boost integrator, and as a request
// target; the inner lambda's captures are differentiated through
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
double model2(double k, double c) {
  auto g = [k](double x) { return k * std::sin(x); };
  auto h = [g, &c](double x) { return g(x) * x + c; };
  return h(2.0) + boost::math::quadrature::gauss_kronrod<double, 15>::integrate(h, 0.0, 1.0);
}
int main() {
  auto [y, dk, dc] = ddx::gradient(model2, ddx::active(2.0), ddx::active(0.5));
  auto [y1, tk] = ddx::derivative(model2, ddx::dual(2.0, 1.0), 0.5);
  check::fd("k", dk, [&](double h) { return model2(2.0 + h, 0.5); });
  check::fd("c", dc, [&](double h) { return model2(2.0, 0.5 + h); });
  check::near("fwd rev", tk, dk, 1e-10);
  const double k = 1.5;
  auto g = [k](double x) { return k * x * x; };
  auto target = [g](double x) { return g(x) * x; };
  auto [v, dx] = ddx::gradient(target, ddx::active(2.0));
  check::fd("target", dx, [&](double h) { return target(2.0 + h); });
  return check::finish();
}
