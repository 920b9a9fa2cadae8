// EXPECT-EXIT: 1
// EXPECT-DIAG: 11:3: this range-based for loop over 'weights' (of type 'std::list<double>')
// Case: a range-based for over a std::list in differentiated code: ddx
// lowers range-for to an index loop, which a list does not have; it is
// refused (it used to crash)
#include <ddx/ddx.hpp>
#include <list>

double f(double x, const std::list<double> &weights) {
  double s = 0;
  for (double w : weights)
    s += w * x * x;
  return s;
}
int main() {
  std::list<double> w{1.0, 2.0};
  auto [y, dx] = ddx::gradient(f, ddx::active(1.5), w);
  return dx > 0 && y > 0;
}
