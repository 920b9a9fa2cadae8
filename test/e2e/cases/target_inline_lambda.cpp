// Case: lambdas written inline in the request (one and two parameters, explicit return type, multi-statement body)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

int main() {
  const double x = 0.8, y = 1.5;
  {
    auto [v, dx] = ddx::gradient([](double t) { return t * t; }, ddx::active(x));
    auto [v1, tx] = ddx::derivative([](double t) { return t * t; }, ddx::dual(x, 1.0));
    check::near("sq value", v, x * x);
    check::near("sq value fwd", v1, x * x);
    check::fd("dsq/dx", dx, [&](double h) { return (x + h) * (x + h); });
    check::near("sq fwd vs rev", tx, dx, 1e-10);
  }
  {
    auto [v, dx, dy] = ddx::gradient(
        [](double a, double b) -> double {
          double s = std::sin(a) * b;
          s += a / b;
          return s;
        },
        ddx::active(x), ddx::active(y));
    auto [v1, ty] = ddx::derivative(
        [](double a, double b) -> double {
          double s = std::sin(a) * b;
          s += a / b;
          return s;
        },
        x, ddx::dual(y, 1.0));
    auto [v2, tx] = ddx::derivative(
        [](double a, double b) -> double {
          double s = std::sin(a) * b;
          s += a / b;
          return s;
        },
        ddx::dual(x, 1.0), y);
    auto g = [](double a, double b) { return std::sin(a) * b + a / b; };  // same function, for checking
    check::near("g value", v, g(x, y));
    check::near("g value fwd", v1, g(x, y));
    check::near("g value fwd x", v2, g(x, y));
    check::fd("dg/dx", dx, [&](double h) { return g(x + h, y); });
    check::fd("dg/dy", dy, [&](double h) { return g(x, y + h); });
    check::near("g fwd vs rev x", tx, dx, 1e-10);
    check::near("g fwd vs rev y", ty, dy, 1e-10);
  }
  return check::finish();
}
