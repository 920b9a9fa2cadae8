// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:25: this' is passed to the const reference 'o' and is also the object 'mulBy' is called on, which it may change
// EXPECT-NOTE: 16:19: copy the value into a local first and pass the copy
// Case: inside a member function, the object passed to a const reference
// parameter of another of its non-const member functions (`mulBy(*this)`):
// refused at that call, as `z.mulBy(z)` is outside
// (negative/aliased_object_and_const_reference).
#include <ddx/ddx.hpp>

struct Z {
  double re = 0, im = 0;
  void mulBy(const Z &o) {
    re = re * o.re - im * o.im;
    im = re * o.im + im * o.re;
  }
  void square() { mulBy(*this); }
};

double g(double a, double b) {
  Z z;
  z.re = a;
  z.im = b;
  z.square();
  return z.re + z.im;
}
int main() {
  auto [w, da, db] = ddx::gradient(g, ddx::active(0.7), ddx::active(1.3));
  return w + da + db > 0 ? 0 : 1;
}
