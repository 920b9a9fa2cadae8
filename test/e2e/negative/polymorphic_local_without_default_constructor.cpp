// EXPECT-EXIT: 1
// EXPECT-DIAG: 22:16: a variable of type 'LennardJones' yet: generated code declares every variable before it sets it, and the class has no default constructor (nor can ddx make one from zero bytes, as it has virtual functions)
// EXPECT-NOTE: 22:16: give the class a default constructor, such as 'LennardJones() = default;'
// Case: a class of a virtual hierarchy whose constructors all take
// arguments, as a local. Generated code declares its locals before
// building them, and only a constructor sets up an object with virtual
// functions (zero bytes would not do). Refused at the variable, saying so.
#include <cmath>
#include <ddx/ddx.hpp>
struct Potential {
  virtual ~Potential() = default;
  virtual double value(double r) const = 0;
};
struct LennardJones : Potential {
  double eps;
  LennardJones(double e) : eps(e) {}
  double value(double r) const override {
    return 4 * eps * (std::pow(r, -12) - std::pow(r, -6));
  }
};
double f(double a) {
  LennardJones lj(a);
  const Potential &p = lj;
  return p.value(1.3);
}
int main() {
  auto [y, d] = ddx::gradient(f, ddx::active(1.5));
  return y + d > 0;
}
