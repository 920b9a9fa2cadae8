// EXPECT-EXIT: 1
// EXPECT-DIAG: 17:3: request written inside a macro
// Case: a request written in a macro's body: its text cannot be rewritten
// in place, so it is refused at the use (it used to give an output that did
// not compile)
#include <ddx/ddx.hpp>

double f(double x) { return x * x; }

#define GRADIENT_AT(fn, v)                                                    \
  {                                                                            \
    auto [y, d] = ddx::gradient(fn, ddx::active(v));                           \
    total += y + d;                                                            \
  }
int main() {
  double total = 0;
  GRADIENT_AT(f, 1.5)
  return total > 0;
}
