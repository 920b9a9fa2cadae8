// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:8: active values are written through the object 'add' is called on
// EXPECT-NOTE: 16:8: pass a local variable, array or std::vector
// EXPECT-NOTE: 21:12: while differentiating 'add'
// Case: a member function that stores an active value in its object, called
// on an object a function returned (a global behind a reference): ddx keeps
// no derivative for that object, so the call is refused. The message names
// the object by the member called on it and points at the member function
// (it used to say "written through 'self'", ddx's own name for the object,
// and to carry no location at all).
#include <ddx/ddx.hpp>

struct Acc {
  double s = 0;
  double scale = 2;
  void add(double v) { s += scale * v; }
};
Acc g_acc;
Acc &shared() { return g_acc; }
double f(double x) {
  shared().add(x * x);
  return x * g_acc.scale;
}

int main() {
  auto [y, d] = ddx::gradient(f, ddx::active(1.0));
  return y + d > 0 ? 0 : 1;
}
