// EXPECT-EXIT: 1
// EXPECT-DIAG: 28:11: ddx cannot differentiate an access through a pointer or object chosen by '?:' yet
// EXPECT-NOTE: 28:11: choose the value instead
// EXPECT-DIAG: 29:12: an access through a pointer or object chosen by '?:'
// EXPECT-DIAG: 30:11: an access through a pointer or object chosen by '?:'
// EXPECT-DIAG: 31:11: an access through a pointer or object chosen by '?:'
// Case: reading active data through a pointer, a smart pointer or an
// object that `?:` chooses (`(i ? p : q)->y`, `*(i ? u : v)`, `(i ? s :
// t).x`). ddx follows each access from the variable it starts at, and
// this one starts at either: it once took such reads for constants, a
// derivative of zero without a word (3 expected). Refused where it is
// written, with what to write instead (`i ? p->y : q->y`).
#include <ddx/ddx.hpp>
#include <memory>

struct S {
  double x, y;
};

double f(double a) {
  S s{a, 1}, t{2, a};
  S *p = &s, *q = &t;
  auto u = std::make_unique<double>(a);
  auto v = std::make_unique<double>(2.0);
  double w[2] = {a, 2 * a}, z[2] = {1, a};
  double r = 0;
  for (int i = 0; i < 2; ++i) {
    r += (i ? p : q)->y;
    r += *(i ? u : v);
    r += (i ? w : z)[i];
    r += (i ? s : t).x;
  }
  return r;
}

int main() {
  auto [y, d] = ddx::gradient(f, ddx::active(1.5));
  return y + d > 0 ? 0 : 1;
}
