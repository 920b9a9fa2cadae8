// EXPECT-EXIT: 1
// EXPECT-DIAG: 18:11: ddx cannot differentiate the local reference 'sw': 's', which says what it refers to, changes while it is in scope
// Case: a local reference to a member of what a shared_ptr owns, after
// which the shared_ptr is given other memory: the reference still names
// the old object (another copy keeps it alive), but generated code spells
// the reference as the path through the pointer, which would now lead to
// the new object. Refused, as for a raw pointer that changes.
#include <ddx/ddx.hpp>
#include <memory>

struct Kernel {
  double w = 1;
};

double f(double x) {
  auto s = std::make_shared<Kernel>();
  auto keep = s;
  double &sw = s->w;
  s = std::make_shared<Kernel>();
  sw = x * x;
  return sw + s->w + keep->w;
}

int main() {
  auto [v, d] = ddx::gradient(f, ddx::active(0.5));
  return v > d;
}
