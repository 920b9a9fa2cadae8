// Case: conditions that step an integer (`if (++i >= 4)`, `while (m-- >
// 0)`, `for (; k++ < n;)`, a step on the right of &&, `switch (k++ % 3)`)
// where the body reads the stepped variable in active arithmetic. The
// steps are lifted out of the condition as statements, so the reverse
// sweep restores the values the body read; before, it read the value left
// at the end (a silent wrong gradient in reverse mode: 0.88 where 2.29 is
// right, found by a hand-written model through difftest's wrap.py).
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>

double if_step(double a, double b) {
  double acc = 0;
  int i = 0;
  while (true) {
    acc += a / (i + 1) + b * i;
    if (++i >= 4)
      break;
  }
  return acc * b;
}

double while_step(double a, double b) {
  double s = a;
  int m = 4;
  while (m-- > 0)
    s = s * (1.0 + 0.1 * b * m) + a * m;
  return s;
}

double for_step(double a, double b) {
  double s = 0;
  int k = 0;
  for (double w = a; k++ < 3; w *= b)
    s += std::sin(w * k) * k;
  return s;
}

double and_step(double a, double b) {
  double s = 0;
  int k = 0, j = 0;
  for (int i = 0; i < 5; ++i) {
    if (i % 2 == 0 && ++k > 1)
      s += a * k * k;
    else
      s += b * i * k;
    if (i > 2 || j++ < 1)
      s *= 1.0 + 0.01 * a * j;
  }
  return s;
}

double switch_step(double a, double b) {
  double s = 0;
  int k = 0;
  for (int i = 0; i < 4; ++i) {
    switch (k++ % 3) {
    case 0:
      s += a * k;
      break;
    case 1:
      s -= b * k;
      break;
    default:
      s *= a;
    }
  }
  return s;
}

// A branch marked [[likely]] / [[unlikely]] (C++20; an extension before):
// the attribute says nothing about values, and the branch is
// differentiated as written (it used to be refused as "this kind of
// statement").
double likely_step(double a, double b) {
  double acc = a;
  for (int i = 0; i < 3; ++i) {
    if (acc < 4) [[likely]] {
      acc = acc * b + a;
    } else [[unlikely]] {
      acc = acc / b;
    }
  }
  return acc;
}

int main() {
  const double a = 0.6, b = 1.2;
  {
    auto [y, da, db] =
        ddx::gradient(likely_step, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(likely_step, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(likely_step, a, ddx::dual(b, 1.0));
    check::near("likely value", y, likely_step(a, b));
    check::fd("likely/a", da, [&](double h) { return likely_step(a + h, b); });
    check::fd("likely/b", db, [&](double h) { return likely_step(a, b + h); });
    check::near("likely fwd vs rev a", ta, da, 1e-12);
    check::near("likely fwd vs rev b", tb, db, 1e-12);
  }
  {
    auto [y, da, db] = ddx::gradient(if_step, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(if_step, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(if_step, a, ddx::dual(b, 1.0));
    check::near("if value", y, if_step(a, b));
    check::fd("if/a", da, [&](double h) { return if_step(a + h, b); });
    check::fd("if/b", db, [&](double h) { return if_step(a, b + h); });
    check::fd("if/a tangent", ta, [&](double h) { return if_step(a + h, b); });
    check::fd("if/b tangent", tb, [&](double h) { return if_step(a, b + h); });
  }
  {
    auto [y, da, db] =
        ddx::gradient(while_step, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(while_step, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(while_step, a, ddx::dual(b, 1.0));
    check::near("while value", y, while_step(a, b));
    check::fd("while/a", da, [&](double h) { return while_step(a + h, b); });
    check::fd("while/b", db, [&](double h) { return while_step(a, b + h); });
    check::near("while fwd vs rev a", ta, da, 1e-12);
    check::near("while fwd vs rev b", tb, db, 1e-12);
  }
  {
    auto [y, da, db] = ddx::gradient(for_step, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(for_step, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(for_step, a, ddx::dual(b, 1.0));
    check::near("for value", y, for_step(a, b));
    check::fd("for/a", da, [&](double h) { return for_step(a + h, b); });
    check::fd("for/b", db, [&](double h) { return for_step(a, b + h); });
    check::near("for fwd vs rev a", ta, da, 1e-12);
    check::near("for fwd vs rev b", tb, db, 1e-12);
  }
  {
    auto [y, da, db] = ddx::gradient(and_step, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(and_step, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(and_step, a, ddx::dual(b, 1.0));
    check::near("and value", y, and_step(a, b));
    check::fd("and/a", da, [&](double h) { return and_step(a + h, b); });
    check::fd("and/b", db, [&](double h) { return and_step(a, b + h); });
    check::near("and fwd vs rev a", ta, da, 1e-12);
    check::near("and fwd vs rev b", tb, db, 1e-12);
  }
  {
    auto [y, da, db] =
        ddx::gradient(switch_step, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(switch_step, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(switch_step, a, ddx::dual(b, 1.0));
    check::near("switch value", y, switch_step(a, b));
    check::fd("switch/a", da, [&](double h) { return switch_step(a + h, b); });
    check::fd("switch/b", db, [&](double h) { return switch_step(a, b + h); });
    check::near("switch fwd vs rev a", ta, da, 1e-12);
    check::near("switch fwd vs rev b", tb, db, 1e-12);
  }
  return check::finish();
}
