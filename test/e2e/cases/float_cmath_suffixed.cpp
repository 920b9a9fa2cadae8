// Case: float functions sinf/expf/sqrtf/atan2f/hypotf/fabsf and std::cbrt, std::atan2 on float
#include <ddx/ddx.hpp>
#include <cmath>
#include <math.h>
#include "check.hpp"

float f(float x, float y) {
  float a = sinf(x) * expf(-y) + sqrtf(x * y);
  float b = atan2f(y, x) + hypotf(x, y) + fabsf(x - y);
  return a * b + std::cbrt(x) - std::atan2(x, 2.0f);
}

int main() {
  const float x = 1.1f, y = 0.6f;
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
