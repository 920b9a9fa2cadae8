// Case: lambda capturing constants by reference ([&k], [&]) including an array, inline and in a variable
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

int main() {
  double k = 0.8;
  double coef[3] = {1.0, -0.5, 0.25};
  const double x = 1.2;
  const auto f = [&k](double t) { return std::log(1.0 + k * t * t); };
  const auto g = [&](double t) {
    double s = 0.0;
    for (int i = 0; i < 3; ++i)
      s = s * t + coef[i] * k;
    return s;
  };
  {
    auto [v, dx] = ddx::gradient(f, ddx::active(x));
    auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0));
    check::near("f value", v, f(x));
    check::near("f value fwd", v1, f(x));
    check::fd("df/dx", dx, [&](double h) { return f(x + h); });
    check::near("f fwd vs rev", tx, dx, 1e-10);
  }
  k = 1.3;  // the lambda sees the new value through the reference
  {
    auto [v, dx] = ddx::gradient(f, ddx::active(x));
    check::near("f value (k changed)", v, std::log(1.0 + k * x * x));
    check::fd("df/dx (k changed)", dx, [&](double h) { return f(x + h); });
  }
  {
    auto [v, dx] = ddx::gradient(g, ddx::active(x));
    auto [v1, tx] = ddx::derivative(g, ddx::dual(x, 1.0));
    check::near("g value", v, g(x));
    check::near("g value fwd", v1, g(x));
    check::fd("dg/dx", dx, [&](double h) { return g(x + h); });
    check::near("g fwd vs rev", tx, dx, 1e-10);
  }
  {
    auto [v, dx] = ddx::gradient([&k](double t) { return std::sin(k * t); }, ddx::active(x));
    check::near("inline value", v, std::sin(k * x));
    check::fd("dinline/dx", dx, [&](double h) { return std::sin(k * (x + h)); });
  }
  return check::finish();
}
