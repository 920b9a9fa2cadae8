// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:46: ddx cannot bind the virtual call 'Base::eval': no class defined in this translation unit overrides it
// EXPECT-NOTE: 14:46: define the derived classes in a header this file includes
// Case: a virtual call through a reference to an interface whose classes
// are all defined elsewhere: ddx dispatches over the classes the file
// defines, and here there are none, so it refuses at the call.
#include <ddx/ddx.hpp>

struct Base {
  virtual ~Base() = default;
  virtual double eval(double x) const = 0;
};
Base &make();
double f(const Base &b, double x) { return b.eval(x) + x; }

int main() {
  auto [v, dx] = ddx::gradient(f, make(), ddx::active(0.5));
  return v + dx > 0.0 ? 0 : 1;
}
