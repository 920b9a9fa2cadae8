// Case: ldexp, scalbn, scalbln, frexp (exponent out) and modf (integral part
// written through an output and used afterwards), both modes; frexp in a
// loop whose exponent an earlier step reads (the reverse sweep must put it
// back), modf with its value unused or inactive, and the float spellings
// given doubles
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

double f(double x, double y) {
  int e = 0;
  double mantissa = std::frexp(x * y, &e);
  double scaled = std::ldexp(x, 3) + std::scalbn(y, -2) + std::scalbln(x, 1L);
  double integral = 0;
  double fraction = std::modf(3.0 * x + y, &integral);
  return mantissa * scaled + fraction * fraction + integral * y + e;
}

// Each step scales by the exponent the previous frexp left in e.
double steps(double x, double y) {
  int e = 1;
  double s = x;
  for (int i = 0; i < 4; ++i) {
    s = std::ldexp(s * y, e) + s;
    s = std::frexp(s, &e) * (1.0 + 0.1 * i);
  }
  return s * e;
}

double outputs_only(double x, double y) {
  double integral = 0, unused = 0;
  std::modf(x * y, &integral);                // value discarded
  double constant = std::modf(2.75, &unused); // value inactive
  int e = 0;
  float part = 0;
  // (The float spellings given doubles: the rules compute in float too.)
  double asFloat = frexpf(x * y, &e) + modff(x + y, &part);
  return integral * x + constant * y + unused + asFloat * e + part * y;
}

int main() {
  const double x = 1.3, y = 0.45;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::two_inputs("f", f, x, y, v, dx, dy, v1, tx, v2, ty);

  auto [s, sx, sy] = ddx::gradient(steps, ddx::active(x), ddx::active(y));
  auto [s1, ux] = ddx::derivative(steps, ddx::dual(x, 1.0), y);
  check::near("steps value", s, steps(x, y));
  check::near("steps value fwd", s1, steps(x, y));
  check::fd("steps d/dx", sx, [&](double h) { return steps(x + h, y); });
  check::fd("steps d/dy", sy, [&](double h) { return steps(x, y + h); });
  check::near("steps fwd vs rev x", ux, sx, 1e-12);

  auto [o, ox, oy] = ddx::gradient(outputs_only, ddx::active(x), ddx::active(y));
  auto [o1, vx] = ddx::derivative(outputs_only, ddx::dual(x, 1.0), y);
  check::near("outputs value", o, outputs_only(x, y));
  check::near("outputs value fwd", o1, outputs_only(x, y));
  check::fd("outputs d/dx", ox, [&](double h) { return outputs_only(x + h, y); }, 1e-5);
  check::fd("outputs d/dy", oy, [&](double h) { return outputs_only(x, y + h); }, 1e-5);
  check::near("outputs fwd vs rev x", vx, ox, 1e-6);
  return check::finish();
}
