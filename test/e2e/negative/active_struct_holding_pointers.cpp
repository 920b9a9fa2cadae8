// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:40: parameter 's' is a 'Scaled', which holds pointers, and ddx::active gives no storage for the derivatives of what it reaches: take it by reference in 'scaled' and pass it with ddx::duplicated(s, shadow), where shadow is a 'Scaled' whose pointers point to zeroed storage of the same size
// Case: ddx::active for a struct passed by value that holds a pointer: the
// derivative of what it points to has nowhere to go. The message says why
// and that the struct must be taken by reference to be duplicated.
#include <ddx/ddx.hpp>

struct Scaled { const double *w; double x; };
double scaled(Scaled s) { return *s.w * s.x; }

int main() {
  double w = 3;
  Scaled s{&w, 1.0};
  auto [v, ds] = ddx::gradient(scaled, ddx::active(s));
  return v + ds.x > 0 ? 0 : 1;
}
