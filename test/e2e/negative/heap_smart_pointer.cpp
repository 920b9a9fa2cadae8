// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:8: ddx cannot differentiate code with a 'std::unique_ptr<...>' to floating-point data yet
// EXPECT-NOTE: 14:8: allocate with new and free with delete, or use a std::vector
// Case: a std::unique_ptr owning active data. Its own frees (a reset, a
// move-assignment, its destructor) escape what ddx does for heap memory
// (a shadow allocated beside, freed memory kept for the reverse sweep), and
// ddx used to write code that copies it, caught only by its own check
// (an internal error). Now the variable is refused, with what to use.
#include <ddx/ddx.hpp>
#include <memory>

double g(double a) {
  double s = a;
  auto u = std::make_unique<double[]>(3);
  u[0] = a;
  u[1] = u[0] * a;
  return u[1] * s;
}

int main() {
  auto [v, d] = ddx::gradient(g, ddx::active(1.5));
  return v + d > 0 ? 0 : 1;
}
