// EXPECT-EXIT: 1
// EXPECT-DIAG: 22:8: ddx cannot differentiate this new 'Stage' yet: ddx builds the object by its constructor apart and copies it into the new memory, and the class cannot be copied
// EXPECT-NOTE: 22:8: give the class a default constructor, or let it be copied
// EXPECT-DIAG: 23:10: this new 'Stage' yet
// Case: an object of a class without a default constructor whose copy is
// deleted, made by std::make_unique or new with arguments. ddx builds such
// an object by its constructor apart and copies it into the new memory;
// with no copy, the generated code did not compile (an internal error).
// Refused where it is made, with what to change.
#include <ddx/ddx.hpp>
#include <memory>

struct Stage {
  double k, v;
  Stage(double k, double v) : k(k), v(v) {}
  Stage(const Stage &) = delete;
  Stage &operator=(const Stage &) = delete;
  double energy() const { return k * v; }
};

double f(double a) {
  auto p = std::make_unique<Stage>(a, a);
  Stage *q = new Stage(a, 2.0);
  double e = p->energy() + q->energy();
  delete q;
  return e;
}

int main() {
  auto [y, d] = ddx::gradient(f, ddx::active(1.5));
  return y + d > 0 ? 0 : 1;
}
