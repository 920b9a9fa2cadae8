// EXPECT-EXIT: 1
// EXPECT-DIAG: 22:39: changes its own copy of 'c'
// EXPECT-NOTE: 22:39: capture 'c' by reference
// EXPECT-DIAG: 30:38: changes its own copy of 'acc'
// EXPECT-DIAG: 35:38: changes its own copy of 'accs'
// Case: a closure keeps its copies of captured values from one call to the
// next: a mutable lambda that updates its copy, and a lambda whose copy of a
// const object changes through a mutable member. ddx passes captures to
// each call, so either would start afresh every time (the generated code
// used not to compile: exit 3); refused at the change.
#include <ddx/ddx.hpp>
#include <vector>

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
// The objects of a captured vector change the same way.
double kept_in_vector(double x) {
  std::vector<Acc> accs(2);
  return each([=](double t) { return accs[0].add(t * x); }, .5);
}
int main() {
  double x = 0.7;
  auto [y, d] = ddx::gradient(running, ddx::active(x));
  auto [z, e] = ddx::gradient(kept, ddx::active(x));
  auto [w, f] = ddx::gradient(kept_in_vector, ddx::active(x));
  return y + d + z + e + w + f > 0 ? 0 : 1;
}
