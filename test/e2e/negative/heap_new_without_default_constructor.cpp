// EXPECT-EXIT: 1
// EXPECT-DIAG: 23:31: ddx cannot differentiate this constructor argument here: ddx evaluates it again
// EXPECT-NOTE: 23:31: compute it into a local variable first
// Case: new of a class without a default constructor. Generated code
// builds such an object with its own constructor and then writes the
// values again with their derivatives, so the constructor's arguments are
// evaluated twice: one that may give another value (rand()) is refused
// where it is written.
#include <cstdlib>
#include <ddx/ddx.hpp>

struct Potential {
  virtual ~Potential() = default;
  virtual double energy(double r) const = 0;
};
struct Spring : Potential {
  double k;
  explicit Spring(double k) : k(k) {}
  double energy(double r) const override { return k * r * r; }
};

double f(double a) {
  Potential *p = new Spring(a * (std::rand() % 2 + 1));
  double e = p->energy(a);
  delete p;
  return e;
}

int main() {
  auto [v, d] = ddx::gradient(f, ddx::active(1.0));
  return v + d > 0 ? 0 : 1;
}
