// EXPECT-EXIT: 1
// EXPECT-DIAG: 22:11: cannot use the reference that 'operator+=' returns
// Case: the reference a compound assignment operator returns (*this) used
// in an expression: ddx differentiates such an operator as returning
// nothing, so it is refused where its result is read, with what to do
#include <ddx/ddx.hpp>

struct Vec2 {
  double x, y;
  Vec2 &operator+=(const Vec2 &o) {
    x += o.x;
    y += o.y;
    return *this;
  }
};

double f(double a) {
  Vec2 p{a, 1.0}, q{2.0, a};
  p += q; // fine: a statement of its own
  double s = p.x;
  // the returned reference read
  s += (p += q).y;
  return s;
}

int main() {
  auto [y, da] = ddx::gradient(f, ddx::active(0.5));
  return y > da;
}
