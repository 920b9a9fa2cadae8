// EXPECT-EXIT: 1
// EXPECT-DIAG: 22:7: ddx cannot differentiate this assignment of a braced temporary that holds pointers yet
// EXPECT-NOTE: 22:7: assign the members one by one
// Case: a braced temporary holding a pointer assigned to a member of
// another object (`h.r = Ref{&u};`). Assigned to a whole variable it is
// built member by member (braced_temporaries_with_pointers); into a member
// its derivative would be built from zeros, with a null pointer (the
// generated program crashed after ddx had exited 0). Refused.
#include <cmath>
#include <ddx/ddx.hpp>

struct Ref {
  double *p;
};
struct Holder {
  Ref r;
};

double f(double x) {
  double u = x;
  Holder h{};
  h.r = Ref{&u};
  *h.r.p *= std::sin(x);
  return u;
}

int main() {
  auto [v, d] = ddx::gradient(f, ddx::active(0.5));
  return v > d;
}
