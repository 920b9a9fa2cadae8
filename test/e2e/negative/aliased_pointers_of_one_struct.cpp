// EXPECT-EXIT: 1
// EXPECT-DIAG: 20:39: l.b' and 'l.a' may reach the same memory (two pointers may hold one address); 'l.a' is also the object 'pull' is called on
// Case: two pointer members of one struct, one the object of a non-const
// member function and the other dereferenced into its const reference
// parameter (`l.a->pull(*l.b)`). When both hold one address (a link of a
// body to itself), the callee changes what it reads through the const
// reference; ddx once gave d/dx 3.96 instead of 4.56 without a word.
// Refused at the call, as different members of one struct are told apart
// only where no pointer is followed after them.
#include <cmath>
#include <ddx/ddx.hpp>

struct Body {
  double x, v;
  void pull(const Body &o) { v += std::sin(o.x - x) + o.v; }
};
struct Link {
  Body *a, *b;
};
static void relax(Link l) { l.a->pull(*l.b); }

double f(double x, double y) {
  Body b1{x, y}, b2{y, x};
  Link l1{&b1, &b2}, l2{&b2, &b2};
  relax(l1);
  relax(l2);
  return b1.v * b2.v;
}

int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(0.3), ddx::active(0.4));
  return v + dx + dy > 0 ? 0 : 1;
}
