// Case: lambda capturing constants by value ([k], [=], init-capture), inline and in a variable
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

int main() {
  const double k = 1.7, c = -0.3;
  const int n = 3;
  const double x = 0.9;
  const auto f = [k](double t) { return k * std::sin(t) + t * t; };
  const auto g = [=](double t) {
    double s = c;
    for (int i = 0; i < n; ++i)
      s = s * t + k;
    return s;
  };
  const auto w = [s = 2.0 * k](double t) { return std::exp(s * t) / s; };
  {
    auto [v, dx] = ddx::gradient(f, ddx::active(x));
    auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0));
    check::near("f value", v, f(x));
    check::near("f value fwd", v1, f(x));
    check::fd("df/dx", dx, [&](double h) { return f(x + h); });
    check::near("f fwd vs rev", tx, dx, 1e-10);
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
    auto [v, dx] = ddx::gradient(w, ddx::active(x));
    check::near("w value", v, w(x));
    check::fd("dw/dx", dx, [&](double h) { return w(x + h); });
  }
  {
    auto [v, dx] = ddx::gradient([k](double t) { return k * t * t; }, ddx::active(x));
    check::near("inline value", v, k * x * x);
    check::fd("dinline/dx", dx, [&](double h) { return k * (x + h) * (x + h); });
  }
  return check::finish();
}
