// EXPECT-EXIT: 1
// EXPECT-DIAG: 52:11: ddx cannot differentiate this call yet: 'z' is passed to the const reference 'o' and is also the object 'mulBy' is called on, which it may change
// EXPECT-NOTE: 52:3: copy the value into a local first and pass the copy
// EXPECT-DIAG: 53:8: 'z' is passed to the const reference 'o' and is also the object 'operator+=' is called on
// EXPECT-DIAG: 54:9: 'm' is passed to the const reference 'k' and is also the object 'upd' is called on
// EXPECT-DIAG: 55:15: 'zs' is passed to the const reference 'o' and is also the object 'mulBy' is called on
// EXPECT-DIAG: 56:13: 'y' is passed to the const reference 'b' and also to 'a', through which 'upd' may change it
// Case: an object passed to a const reference parameter of its own
// non-const member function (`z.mulBy(z)`, `z += z`, `m.upd(m.w)`), and one
// element of a std::vector passed to a const reference and to a written
// reference (`upd(y[j], y[j])`). The member function sees its own writes
// through the const reference; generated code takes a const reference as a
// value that does not change during the call, so ddx once gave wrong values
// and derivatives without a word (z.mulBy(z): d/da 3.12 instead of 3.64;
// upd(y[1], y[1]): d/db 3.60 instead of 5.20). Refused at the call; an
// index ddx cannot tell apart from the other (j and j) counts as the same.
#include <ddx/ddx.hpp>
#include <vector>

struct Z {
  double re = 0, im = 0;
  void mulBy(const Z &o) {
    re = re * o.re - im * o.im;
    im = re * o.im + im * o.re;
  }
  Z &operator+=(const Z &o) {
    re += o.re;
    im += o.re * re;
    return *this;
  }
};
struct M {
  double x = 0, w = 0;
  void upd(const double &k) {
    w = w * x;
    x = x + k;
  }
};
static void upd(double &a, const double &b) { a = a * b + b; }

double f(double a, double b) {
  Z z;
  z.re = a;
  z.im = b;
  std::vector<Z> zs(2);
  zs[0] = z;
  M m;
  m.x = a;
  m.w = b;
  std::vector<double> y{a, b};
  int j = a > 0;
  z.mulBy(z);
  z += z;
  m.upd(m.w);
  zs[j].mulBy(zs[j]);
  upd(y[j], y[j]);
  return z.im + m.x + zs[0].re + y[1];
}
int main() {
  auto [v, da, db] = ddx::gradient(f, ddx::active(0.7), ddx::active(1.3));
  return v + da + db > 0 ? 0 : 1;
}
