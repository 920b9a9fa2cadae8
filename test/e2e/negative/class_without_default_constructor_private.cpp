// EXPECT-EXIT: 1
// EXPECT-DIAG: 22:12: its class 'Series' has no default constructor, so ddx makes the derivative as a copy of the object with each member set to zero
// EXPECT-NOTE: 22:12: make the members of 'Series' public and non-const
// Case: a class with private members whose constructors all take
// arguments and that holds a container, carrying derivatives. Generated
// code builds such a local in late storage, and its derivative as a copy
// set to zero member by member, which needs public members: refused where
// the object is built, saying what to do.
#include <ddx/ddx.hpp>
#include <vector>
class Series {
  std::vector<double> w;
  double scale;

public:
  Series(double a, int n) : w(n, a), scale(2 * a) {}
  double first() const { return w[0] * scale; }
};
double f(double a) {
  double s = 0;
  for (int k = 0; k < 2; ++k) {
    Series q(a * k, 3);
    s += q.first();
  }
  return s;
}
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); return y + d > 0; }
