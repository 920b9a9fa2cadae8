// EXPECT-EXIT: 1
// EXPECT-DIAG: 27:5: the call to 'put' may change memory through a pointer
// EXPECT-NOTE: 27:5: pass the array itself
// Case: iterators into an index vector kept in a std::pair (what
// std::equal_range returns), written through by a user function in a loop
// whose reverse sweep reads the vector. ddx does not follow iterators held
// in a struct, and nothing says how many elements the function writes (a
// rule's _written function would: std::fill works,
// cases/iterators_kept_in_a_pair); the vector they reach counts as
// reachable through unknown pointers, so the write is refused.
#include <algorithm>
#include <ddx/ddx.hpp>
#include <utility>
#include <vector>

template <class It> void put(It a, It b, int v) {
  for (; a != b; ++a)
    *a = v;
}

double f(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  std::vector<int> order{0, 1, 1, 2};
  double s = 0;
  auto r = std::equal_range(order.begin(), order.end(), 1);
  for (int t = 0; t < 3; ++t) {
    put(r.first, r.second, t % 3);
    s += x[order[1]] * x[order[2]] * (t + 1);
  }
  return s;
}

int main() {
  auto [y, d0, d1, d2] =
      ddx::gradient(f, ddx::active(0.5), ddx::active(-0.7), ddx::active(1.1));
  return y + d0 + d1 + d2 > 0;
}
