// EXPECT-EXIT: 1
// EXPECT-DIAG: 17:7: the overloaded operator 'std::vector<double>::operator=' on active values yet
// Case: `u = std::move(n)` of a std::vector in a time-stepping loop: the
// vector moved from is left empty, but its derivative would not be; a copy
// (`u = n`) is differentiated (vector_assign_front_back_at), a move is
// refused where it is written.
#include <ddx/ddx.hpp>
#include <utility>
#include <vector>

double f(double a) {
  std::vector<double> u(2, a), n(2);
  for (int t = 0; t < 2; ++t) {
    n[0] = u[1] * a;
    n[1] = u[0];
    // double buffering by move
    u = std::move(n);
    n = std::vector<double>(2);
  }
  return u[0];
}

int main() {
  auto [y, d] = ddx::gradient(f, ddx::active(1.5));
  return y + d > 0 ? 0 : 1;
}
