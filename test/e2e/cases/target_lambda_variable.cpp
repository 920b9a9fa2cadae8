// Case: lambdas held in const auto variables as targets (calling a function, capturing a constant); a lambda calling another lambda belongs to the higher-order issue
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double helper(double t) { return std::exp(-t * t); }

int main() {
  const auto f = [](double x, double y) { return helper(x) * y + x * x * y; };
  const double k = 2.0;
  const auto g = [k](double x) { return helper(x) * k - std::cos(x) * x; };
  const double x = 0.6, y = -0.4;
  {
    auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
    check::near("f value", v, f(x, y));
    check::near("f value fwd x", v1, f(x, y));
    check::near("f value fwd y", v2, f(x, y));
    check::fd("df/dx", dx, [&](double h) { return f(x + h, y); });
    check::fd("df/dy", dy, [&](double h) { return f(x, y + h); });
    check::near("f fwd vs rev x", tx, dx, 1e-10);
    check::near("f fwd vs rev y", ty, dy, 1e-10);
  }
  {
    auto [v, dx] = ddx::gradient(g, ddx::active(x));
    auto [v1, tx] = ddx::derivative(g, ddx::dual(x, 1.0));
    check::near("g value", v, g(x));
    check::near("g value fwd", v1, g(x));
    check::fd("dg/dx", dx, [&](double h) { return g(x + h); });
    check::near("g fwd vs rev", tx, dx, 1e-10);
  }
  return check::finish();
}
