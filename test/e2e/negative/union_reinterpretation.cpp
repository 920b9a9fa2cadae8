// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:9: active union is read as
// Case: an active double copied through a union's integer member: the bits
// carry no derivative, so ddx refuses the read instead of differentiating
// the copy as a constant
#include <ddx/ddx.hpp>

union Bits {
  double d;
  unsigned long long u;
};
double twice(double x) {
  Bits a, b;
  a.d = x;
  b.u =
      a.u;
  return 2 * b.d;
}

int main() {
  auto [v, dx] = ddx::gradient(twice, ddx::active(1.5));
  return v > dx;
}
