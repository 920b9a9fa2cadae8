// EXPECT-EXIT: 1
// EXPECT-DIAG: 15:46: virtual
// Case: a virtual member function called with an active argument through a base reference is rejected
#include <ddx/ddx.hpp>

struct Base {
  virtual ~Base() = default;
  virtual double eval(double x) const = 0;
};

struct Square : Base {
  double eval(double x) const override { return x * x; }
};

double f(const Base& b, double x) { return b.eval(x) + x; }

int main() {
  Square s;
  double x = 0.5;
  auto [v, dx] = ddx::gradient(f, s, ddx::active(x));
  return v + dx > 0.0 ? 0 : 1;
}
