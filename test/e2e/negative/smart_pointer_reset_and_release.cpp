// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:5: ddx cannot differentiate 'reset' of a smart pointer to active data yet
// EXPECT-NOTE: 14:5: give the pointer new memory with std::make_unique or std::make_shared
// EXPECT-DIAG: 15:19: ddx cannot differentiate 'release' of a smart pointer to active data yet
// Case: `reset` and `release` of a smart pointer owning active data give
// its memory back or hand it out where the reverse sweep still reads it
// through the pointer: refused at the call, in the user's words (not as a
// library member function without a rule).
#include <ddx/ddx.hpp>
#include <memory>

double f(double a) {
  auto s = std::make_unique<double>(a * a);
  s.reset(new double(a));
  double *raw = s.release();
  double v = *raw * a;
  delete raw;
  return v;
}

int main() {
  auto [y, d] = ddx::gradient(f, ddx::active(1.5));
  return y + d > 0 ? 0 : 1;
}
