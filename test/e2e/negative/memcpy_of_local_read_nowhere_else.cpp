// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:19: passed to 'memcpy'
// Case: a local read only by memcpy (a statement evaluated for its effect):
// it must stay active so that the copy is refused, not differentiated as a
// constant (a review of the activity analysis found it silently zero once
// locals read nowhere else were treated as dead)
#include <ddx/ddx.hpp>
#include <cstring>

double copied(double x) {
  double a = x * x;
  double b = 0;
  std::memcpy(&b, &a, sizeof a);
  return b;
}

int main() {
  auto [v, dx] = ddx::gradient(copied, ddx::active(1.5));
  return v > dx;
}
