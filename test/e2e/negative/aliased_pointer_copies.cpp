// EXPECT-EXIT: 1
// EXPECT-DIAG: 38:11: 'u' is passed to the const reference 'a', and 'u' and 'v' may reach the same memory
// EXPECT-DIAG: 42:11: 'h' is passed to the const reference 'a', and 'h' and 'k' may reach the same memory
// EXPECT-DIAG: 45:11: 's' is passed to the const reference 'a', and 's' and 't' may reach the same memory
// EXPECT-DIAG: 47:11: 'y' is passed to the const reference 'a', and 'y' and 'p' may reach the same memory
// EXPECT-DIAG: 49:16: 'other' is passed to the const reference 'o', and 'other' and 'mine' may reach the same memory
// EXPECT-DIAG: 49:16: 'mine' is also the object 'absorb' is called on
// Case: one piece of memory reached through two pointers, one set from the
// other (`double *v = u;`, a copy of a heap pointer, of a shared_ptr, a
// pointer to a local, a pointer to an object), passed to a const reference
// and to a reference (or as the object) the callee writes. The callee sees
// its own writes through the const reference; ddx once gave wrong
// derivatives without a word here, as the two names differ. Refused at
// the call, as for the same name (aliased_object_and_const_reference).
#include <ddx/ddx.hpp>
#include <memory>

struct P {
  double x = 0;
  void absorb(const P &o) {
    x = x * o.x;
    x += o.x;
  }
};
static void mul_add(const double &a, double &b) { b = b * a + a; }

double f(double a) {
  double u[2] = {a, 2 * a};
  double *v = u;
  double *h = new double[1];
  h[0] = a;
  double *k = h + 0;
  auto s = std::make_shared<double>(a);
  std::shared_ptr<double> t;
  t = s;
  double y = a;
  double *p = &y;
  mul_add(*u, *v);
  P obj;
  obj.x = a;
  P *mine = &obj, *other = mine;
  mul_add(h[0], k[0]);
  double r = h[0];
  delete[] h;
  mul_add(*s, *t);
  r += *s;
  mul_add(y, *p);
  r += y + u[0];
  mine->absorb(*other);
  return r + obj.x;
}

int main() {
  auto [v, d] = ddx::gradient(f, ddx::active(0.5));
  return v + d > 0 ? 0 : 1;
}
