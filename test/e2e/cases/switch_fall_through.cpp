// Case: switch cases that fall through into the next (a Duff-like
// accumulation, a shared tail, default in the middle, a return from a
// case, a break inside an if), in a loop so reverse mode replays the
// cases each iteration ran. Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double stages(double x, double y) {
  double s = 0;
  for (int k = 0; k < 6; ++k) {
    switch (k % 4) {
    case 0:
      s += x * y;
      [[fallthrough]];
    case 1:
      s += std::sin(x) * k;
      if (s > 100.0)
        break;
      [[fallthrough]];
    default:
      s *= 1.0 + 0.1 * y;
      break;
    case 3:
      s -= y * y;
    }
  }
  return s;
}

double pick(double x, double y, int mode) {
  double r = x;
  switch (mode) {
  case 0:
    r *= y;
  case 1:
    r += y;
    return r * x;
  case 2:
    r = std::exp(r);
  default:
    r -= x * y;
  }
  return r;
}

int main() {
  const double a = 0.8, b = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(stages, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(stages, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(stages, a, ddx::dual(b, 1.0));
    check::two_inputs("stages", stages, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  for (int mode = 0; mode < 4; ++mode) {
    auto f = [mode](double x, double y) { return pick(x, y, mode); };
    auto [v, dx, dy] =
        ddx::gradient(pick, ddx::active(a), ddx::active(b), mode);
    auto [v1, tx] = ddx::derivative(pick, ddx::dual(a, 1.0), b, mode);
    auto [v2, ty] = ddx::derivative(pick, a, ddx::dual(b, 1.0), mode);
    check::two_inputs("pick", f, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
