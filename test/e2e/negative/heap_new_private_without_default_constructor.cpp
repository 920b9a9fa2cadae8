// EXPECT-EXIT: 1
// EXPECT-DIAG: 30:22: ddx cannot keep the derivative of this 'Sealed' object: its class 'Sealed' has no default constructor
// EXPECT-NOTE: 30:22: make the members of 'Sealed' public and non-const
// EXPECT-DIAG: 30:14: ddx cannot keep the derivative of this new 'Sealed': its class 'Sealed' has no default constructor
// Case: new of a class without a default constructor. Generated code
// builds such an object with its own constructor; its derivative is a copy of it with every
// member set to zero, which needs public members: a class with private
// ones is refused where it is allocated.
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
class Sealed : public Potential {
  double k;

public:
  explicit Sealed(double k) : k(k) {}
  double energy(double r) const override { return k * r; }
};

double f(double a) {
  Potential *p = new Spring(a);
  Potential *q = new Sealed(a);
  double e = p->energy(a) + q->energy(a);
  delete p;
  delete q;
  return e;
}

int main() {
  auto [v, d] = ddx::gradient(f, ddx::active(1.0));
  return v + d > 0 ? 0 : 1;
}
