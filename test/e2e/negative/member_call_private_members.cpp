// EXPECT-EXIT: 1
// EXPECT-DIAG: 19:5: its class has private or protected members
// EXPECT-DIAG: 20:12: its class has private or protected members
// Case: a member function of a class with private members called on active
// data: the derivative is a function outside the class and cannot reach
// them (the output would not compile); refused with what to do
#include <ddx/ddx.hpp>
#include <cmath>

class Decay {
  double rate_;

public:
  void set(double r) { rate_ = r; }
  double at(double t) const { return std::exp(-rate_ * t); }
};

double f(Decay &d, double k) {
  d.set(k);
  return d.at(0.5) + std::exp(k) * d.at(1.0) + 0 * k;
}

int main() {
  Decay d, dd;
  d.set(0.1);
  auto [y, dk] = ddx::gradient(f, ddx::duplicated(d, dd), ddx::active(0.3));
  return y > dk;
}
