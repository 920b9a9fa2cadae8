// Case: the user's names that generated code uses for its own: a
// parameter `_d_t` beside `t` (a derivative's name), locals `_tape`,
// `_ret`, `_t0`, `_d__ret`, and parameters `_r` and `_tape` of a request's
// target. The user's variables are renamed in generated code (`_d_t`
// becomes `d_t`; `_tape` and `_r` take a suffix): ddx once declared both
// (an internal error). Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>

static double g(double _d_t, double t) { return std::sin(_d_t) * t; }

static double h(double _r, double _tape) {
  double _d__r = std::sin(_r) * _tape;
  return _d__r * _r;
}

double f(double x, double y) {
  double _d_x = y * 2;
  double _t0 = std::sin(x);
  double _ret = _t0 * _d_x;
  double _tape = g(x, _ret);
  double _d__ret = _tape + x;
  return _ret + _d__ret * _d_x + h(x, y);
}

int main() {
  const double x = 0.7, y = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::two_inputs("f", f, x, y, v, dx, dy, v1, tx, v2, ty);
  auto [w, hx, hy] = ddx::gradient(h, ddx::active(x), ddx::active(y));
  auto [w1, sx] = ddx::derivative(h, ddx::dual(x, 1.0), y);
  auto [w2, sy] = ddx::derivative(h, x, ddx::dual(y, 1.0));
  check::two_inputs("h", h, x, y, w, hx, hy, w1, sx, w2, sy);
  return check::finish();
}
