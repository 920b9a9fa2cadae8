// EXPECT-EXIT: 1
// EXPECT-DIAG: 34:15: ddx cannot differentiate this call yet: 'u' is passed to the const reference 'b' and also to 'a', through which 'mul_add' may change it
// EXPECT-DIAG: 35:13: 'p' is passed to the const reference 'o' and is also the object 'absorb' is called on
// EXPECT-DIAG: 36:11: 'p' is passed to the const reference 'in' and also to 'p', through which 'grow' may change it
// Case: the memory a smart pointer owns passed to a const reference and,
// through the same pointer, to a reference the callee writes (`mul_add(*u,
// *u)`), as the object of a non-const member function (`p->absorb(*p)`),
// or through the smart pointer itself, which writes what it owns even by
// const reference (`grow(p, *p)`). The callee sees its own writes through
// the const reference; ddx once gave wrong derivatives without a word
// (d 4 instead of 6). Refused at the call, as for raw pointers.
#include <ddx/ddx.hpp>
#include <memory>

struct S {
  double x = 0;
  void absorb(const S &o) {
    x = x * o.x;
    x += o.x;
  }
};
static void mul_add(double &a, const double &b) {
  a = a * b;
  a += b;
}
static void grow(const std::unique_ptr<S> &p, const S &in) {
  p->x = p->x * in.x + in.x;
}

double f(double a) {
  auto u = std::make_unique<double>(a);
  auto p = std::make_unique<S>();
  p->x = a;
  mul_add(*u, *u);
  p->absorb(*p);
  grow(p, *p);
  return *u + p->x;
}

int main() {
  auto [y, d] = ddx::gradient(f, ddx::active(1.5));
  return y + d > 0 ? 0 : 1;
}
