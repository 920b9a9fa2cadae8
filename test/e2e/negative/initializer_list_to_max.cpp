// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:23: active values reach 'std::max' in an initializer list that exists only in the call
// EXPECT-NOTE: 14:23: pass the values one by one
// Case: std::max({a, b, c}) takes its values in a std::initializer_list,
// for which generated code keeps no derivative: its derivative was
// silently 0 in both modes. Refused at the list, saying to compare two
// values at a time.
#include <ddx/ddx.hpp>
#include <algorithm>
#include <cmath>

double f(double a, double b) {
  double c = std::sin(a);
  double m = std::max({a * b, c, 0.5});
  return m * b;
}

int main() {
  auto [v, da, db] = ddx::gradient(f, ddx::active(1.3), ddx::active(0.7));
  return v > 0 && da > 0 && db > 0 ? 0 : 1;
}
