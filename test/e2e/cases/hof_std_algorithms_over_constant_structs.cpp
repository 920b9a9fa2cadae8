// Case: <numeric> and <algorithm> rules over a std::vector of structs that
// carry no derivative (constant data), with lambdas that capture active
// values by value and by reference: transform, transform_reduce,
// inner_product and for_each. The range's derivative slot is a
// ::ddx::zero_range. Both modes against finite differences.
#include "check.hpp"
#include <algorithm>
#include <ddx/ddx.hpp>
#include <numeric>
#include <vector>
struct P {
  double x, w;
};
double f(double a, double b) {
  std::vector<P> ps{{1.0, 2.0}, {3.0, 4.0}};
  std::vector<double> out(2);
  std::transform(ps.begin(), ps.end(), out.begin(),
                 [a](const P &p) { return p.x * a; });
  double t = std::transform_reduce(ps.begin(), ps.end(), b, std::plus<double>(),
                                   [&](const P &p) { return p.w * b; });
  double u = std::inner_product(ps.begin(), ps.end(), out.begin(), 0.0,
                                std::plus<double>(),
                                [](const P &p, double o) { return p.w * o; });
  std::for_each(ps.begin(), ps.end(), [&t](const P &p) { t += p.x * t; });
  return out[0] + out[1] * t + u;
}
int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
