// EXPECT-EXIT: 1
// EXPECT-DIAG: 19:8: a structured binding of 'std::pair<double, double>' yet
// EXPECT-NOTE: 19:8: read the parts by name instead (p.first, p.second)
// EXPECT-DIAG: 27:8: a structured binding of 'std::pair<...>' yet
// Case: a structured binding of a std::pair returned by a helper. A
// tuple-like type binds through std::get, which returns a reference; ddx
// refuses at the binding and says what to write instead. (The hidden
// object such a binding decomposes has no name: before, the reverse mode
// looped forever looking for it in the generated code.)
#include <ddx/ddx.hpp>
#include <algorithm>
#include <utility>
#include <vector>

std::pair<double, double> split(double a) { return {a * a, a + 1}; }

double f(double a, double b) {
  double s = a;
  auto [u, v] = split(a * b);
  return u * b + v * s;
}

// A pair of library iterators is named without the library's internal
// names (it used to read 'pair<__normal_iterator<int *, ...>, ...>').
double g(double a) {
  std::vector<int> order{0, 1, 1, 2};
  auto [lo, hi] = std::equal_range(order.begin(), order.end(), 1);
  return a * (hi - lo);
}

int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0));
  auto [z, dz] = ddx::gradient(g, ddx::active(1.0));
  return y + da + db + z + dz > 0;
}
