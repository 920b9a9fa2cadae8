// EXPECT-EXIT: 1
// EXPECT-DIAG: 20:20: ddx cannot resolve the callable passed to 'std::transform' at transformation time
// EXPECT-NOTE: 20:20: the lambda captures 'this', which generated code has no name for
// Case: a lambda that captures `this`, passed to a rule from a member
// function: its body reads the members through the object pointer, which
// the generated callable object has no name for. ddx crashed here before;
// now it refuses the lambda at the argument and says to capture the members
// by name ([k = k]).
#include <algorithm>
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

struct Decay {
  double k;
  std::vector<double> y;
  void apply(const std::vector<double> &x) {
    y.resize(x.size());
    std::transform(x.begin(), x.end(), y.begin(),
                   [this](double t) { return std::exp(-k * t); });
  }
};

double f(double a, double b) {
  Decay d{b, {}};
  std::vector<double> x{a, 2 * a};
  d.apply(x);
  return d.y[0] + d.y[1];
}

int main() {
  auto [v, da, db] = ddx::gradient(f, ddx::active(0.5), ddx::active(1.5));
  return v + da + db > 0;
}
