// EXPECT-EXIT: 1
// EXPECT-DIAG: 25:5: 'u' is passed to the const reference 'c' and is captured by reference by the lambda, which may change it
// EXPECT-DIAG: 28:10: 'w' is passed to a const reference, and its address is kept in a struct; 'a', which holds pointers, is passed too
// Case: storage passed to a const reference that the callee changes by a
// way the arguments do not show: a lambda writing the variable it captured
// by reference (`h(u)`), a callee writing through a pointer a struct
// argument holds (`Acc a{&w}; add(a, w)`). ddx once took the const
// reference as the value from before the call, without a word (d/dx 3.12
// instead of 3.64). Refused at the call. Two pointers of one struct:
// aliased_pointers_of_one_struct.
#include <ddx/ddx.hpp>

struct Acc {
  double *target;
};
static void add(Acc a, const double &c) {
  *a.target *= c;
  *a.target += c;
}

double f(double x, double y) {
  double u = x;
  auto h = [&](const double &c) { u *= c; u += c; };
  // (h changes u, which it also reads as c)
  h(u);
  double w = y;
  Acc a{&w};
  add(a, w);
  return u * y + w;
}

int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(0.7), ddx::active(1.3));
  return v + dx + dy > 0 ? 0 : 1;
}
