// Case: a member's default value that calls a user function
// (`double k = g(2.0);`), for objects built in two branches: the one
// expression is extracted once per object, and each object reads the value
// computed for it (the first branch read a stale temporary before, a
// silent wrong value and derivative). Forward and reverse mode, both
// branches, against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"
double g(double x) { return x * x + 1; }
struct S { double k = g(2.0); double v; };
double f(double a) { double r = 0; if (a > 0) { S p{}; p.v = a; r += p.k * p.v; } else { S q{}; q.v = a; r += q.k * q.v * a; } return r; }
int main() {
  for (double a : {0.7, -0.6}) {
    auto [y, d] = ddx::gradient(f, ddx::active(a)); auto [y1, t] = ddx::derivative(f, ddx::dual(a, 1.0));
    check::near("value", y, f(a), 1e-12); check::fd("rev", d, [&](double h){return f(a+h);}); check::fd("fwd", t, [&](double h){return f(a+h);}); (void)y1;
  }
  return check::finish();
}
