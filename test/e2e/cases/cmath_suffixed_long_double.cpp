// Case: the long double spellings (sinl, expl, powl, fmal, hypotl, ...) in
// a long double function, and float spellings not covered elsewhere
// (fmaf, log1pf, exp2f, tgammaf, modff, frexpf)
#include <ddx/ddx.hpp>
#include <cmath>
#include <math.h>
#include "check.hpp"

long double g(long double x, long double y) {
  long double a = sinl(x) * expl(-y) + sqrtl(x * y) + logl(x + y);
  long double b = powl(x, y) + fmal(x, y, 1.0L) + hypotl(x, y) + fabsl(x - y);
  long double c = atan2l(y, x) + std::cos(x) * std::erf(y) + tanhl(x);
  return a * b + c;
}

float h(float x, float y) {
  float integral = 0;
  int e = 0;
  float fraction = modff(4.0f * x, &integral);
  float m = frexpf(x + y, &e);
  return fmaf(x, y, log1pf(x)) + exp2f(y) * tgammaf(x + 1.0f) +
         fraction * y + integral + m;
}

int main() {
  const long double x = 1.3L, y = 0.45L;
  auto [v, dx, dy] = ddx::gradient(g, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(g, ddx::dual(x, 1.0L), y);
  check::near("value", double(v), double(g(x, y)));
  check::near("value fwd", double(v1), double(g(x, y)));
  check::fd("dg/dx", double(dx), [&](double s) { return double(g(x + s, y)); });
  check::fd("dg/dy", double(dy), [&](double s) { return double(g(x, y + s)); });
  check::near("fwd vs rev x", double(tx), double(dx), 1e-12);

  const float fx = 1.1f, fy = 0.6f;
  auto [w, hx, hy] = ddx::gradient(h, ddx::active(fx), ddx::active(fy));
  auto [w1, ux] = ddx::derivative(h, ddx::dual(fx, 1.0f), fy);
  auto [w2, uy] = ddx::derivative(h, fx, ddx::dual(fy, 1.0f));
  check::near("float value", w, h(fx, fy), 1e-5);
  check::near("float value fwd", w1, h(fx, fy), 1e-5);
  check::near("float value fwd y", w2, h(fx, fy), 1e-5);
  check::fd("dh/dx", hx, [&](double s) { return h(fx + float(s), fy); }, 2e-3, 1e-2);
  check::fd("dh/dy", hy, [&](double s) { return h(fx, fy + float(s)); }, 2e-3, 1e-2);
  check::near("float fwd vs rev x", ux, hx, 1e-5);
  check::near("float fwd vs rev y", uy, hy, 1e-5);
  return check::finish();
}
