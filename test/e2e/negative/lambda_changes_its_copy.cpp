// EXPECT-EXIT: 1
// EXPECT-DIAG: 20:39: changes its own copy of 'c'
// EXPECT-NOTE: 20:39: capture 'c' by reference
// EXPECT-DIAG: 28:38: changes its own copy of 'acc'
// Case: a closure keeps its copies of captured values from one call to the
// next: a mutable lambda that updates its copy, and a lambda whose copy of a
// const object changes through a mutable member. ddx passes captures to
// each call, so either would start afresh every time (the generated code
// used not to compile: exit 3); refused at the change.
#include <ddx/ddx.hpp>

template <class F> double each(F f, double h) {
  double r = 0;
  for (int i = 0; i < 3; ++i)
    r += f(i * h);
  return r;
}
double running(double x) {
  double c = 0;
  return each([=](double t) mutable { c += t * x; return c; }, .5);
}
struct Acc {
  mutable double s = 0;
  double add(double v) const { return s += v; }
};
double kept(double x) {
  const Acc acc{};
  return each([=](double t) { return acc.add(t * x); }, .5);
}
int main() {
  double x = 0.7;
  auto [y, d] = ddx::gradient(running, ddx::active(x));
  auto [z, e] = ddx::gradient(kept, ddx::active(x));
  return y + d + z + e > 0 ? 0 : 1;
}
