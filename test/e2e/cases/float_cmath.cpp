// Case: float overloads of <cmath> (std::sin, std::exp, std::sqrt, std::log, std::pow, std::tanh on float)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

float f(float x, float y) {
  return std::sin(x) * std::exp(y) + std::sqrt(x + y) + std::log(x) +
         std::pow(x, 2.0f) * std::tanh(y) + std::cos(x * y);
}

int main() {
  const float x = 0.7f, y = 0.4f;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0f), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0f));
  check::near("value", v, f(x, y), 1e-5);
  check::near("value fwd x", v1, f(x, y), 1e-5);
  check::near("value fwd y", v2, f(x, y), 1e-5);
  check::fd("df/dx", dx, [&](double h) { return f(x + float(h), y); }, 1e-3, 1e-2);
  check::fd("df/dy", dy, [&](double h) { return f(x, y + float(h)); }, 1e-3, 1e-2);
  check::near("fwd vs rev x", tx, dx, 1e-5);
  check::near("fwd vs rev y", ty, dy, 1e-5);
  return check::finish();
}
