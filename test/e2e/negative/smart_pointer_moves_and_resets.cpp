// EXPECT-EXIT: 1
// EXPECT-DIAG: 19:8: ddx cannot differentiate this value given to a 'std::unique_ptr<double>' yet (a move from another, or nullptr)
// EXPECT-NOTE: 19:8: give the pointer the value of std::make_unique or std::make_shared
// EXPECT-DIAG: 21:5: this value given to a 'std::unique_ptr<double>' yet
// EXPECT-DIAG: 22:5: this value given to a 'std::unique_ptr<double>' yet
// Case: what ddx does not follow of a smart pointer yet: a move into
// another (the reverse sweep still reads the memory through the variable
// it was moved from) and `nullptr` given to one (memory given back where
// the reverse sweep still reads it). Each is refused where it is written,
// with what to write instead (smart_pointers has what is differentiated).
// `reset` and `release` are negative/smart_pointer_reset_and_release.
#include <ddx/ddx.hpp>
#include <memory>
#include <utility>

double f(double a) {
  auto p = std::make_unique<double>(a);
  *p *= a;
  auto q = std::move(p);
  std::unique_ptr<double> r;
  r = std::move(q);
  r = nullptr;
  return a;
}

int main() {
  auto [y, d] = ddx::gradient(f, ddx::active(1.5));
  return y + d > 0 ? 0 : 1;
}
