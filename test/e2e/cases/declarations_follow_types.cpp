// Case: requests in functions that come before the types a later request
// and its callees name (a cost functor templated over a cost struct,
// defined after the first request): each generated declaration must
// follow the definitions it needs (the output used not to compile)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double square(double x) { return x * x; }
double first_request(double x) {
  auto [y, d] = ddx::gradient(square, ddx::active(x));
  return y + d;
}

struct R2CostR {
  double a, b;
};
template <class Cost> struct SaddleCost {
  Cost c;
  double operator()(double x, double y) const {
    return c.a * x * x - c.b * y * y + x * y;
  }
};
template <class Cost> double saddle(const SaddleCost<Cost> &f, double x, double y) {
  return f(x, y) + std::sin(x);
}
double second_request(double x, double y, double &dx, double &dy) {
  SaddleCost<R2CostR> f{{1.5, 0.5}};
  auto [v, gx, gy] = ddx::gradient(saddle<R2CostR>, f, ddx::active(x), ddx::active(y));
  dx = gx;
  dy = gy;
  return v;
}

int main() {
  check::near("first", first_request(1.5), 2.25 + 3.0);
  double dx = 0, dy = 0;
  const double x = 0.4, y = -0.3;
  SaddleCost<R2CostR> f{{1.5, 0.5}};
  double v = second_request(x, y, dx, dy);
  check::near("value", v, saddle(f, x, y));
  check::fd("d/dx", dx, [&](double h) { return saddle(f, x + h, y); });
  check::fd("d/dy", dy, [&](double h) { return saddle(f, x, y + h); });
  return check::finish();
}
