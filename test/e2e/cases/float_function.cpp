// Case: a whole function in float (locals, arithmetic, compound assignment, loop)
#include <ddx/ddx.hpp>
#include "check.hpp"

float f(float x, float y) {
  float s = x * y + 2.0f * x;
  s /= 1.0f + y * y;
  for (int i = 0; i < 3; ++i) {
    s = s * 0.5f + x;
  }
  s -= y;
  return s * x;
}

int main() {
  const float x = 0.8f, y = 1.3f;
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
