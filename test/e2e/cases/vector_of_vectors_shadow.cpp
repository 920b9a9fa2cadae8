// Case: a std::vector of std::vectors built from a size and a fill value,
// written and read element by element: its shadow keeps the inner shapes
// (the reverse sweep used to get empty inner vectors), both modes
#include <ddx/ddx.hpp>
#include <vector>
#include "check.hpp"

double f(double a, double b) {
  std::vector<std::vector<double>> m(2, std::vector<double>(3, a));
  m[1][2] = a * b;
  m[0][1] = b * b;
  double s = 0;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      s += m[i][j] * m[i][j] * (i + 1);
  return s;
}

int main() {
  const double a = 1.5, b = 0.5;
  auto [v, da, db] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, ta] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, tb] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, da, db, v1, ta, v2, tb);
  return check::finish();
}
