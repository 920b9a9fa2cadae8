// EXPECT-EXIT: 1
// EXPECT-DIAG: 19:42: parameter 'm' is a const reference to 'Model', whose mutable members the function can change, and ddx::active gives no storage for the derivatives of what it reaches: pass it with ddx::duplicated(m, shadow), where shadow is a zeroed 'Model'
// Case: ddx::active for a const reference that the function can write
// through (a mutable member): the message says why (it used to say "is a
// pointer or non-const reference", which the parameter is not).
// ddx::duplicated(m, dm) is the fix (e2e mutable_members).
#include <ddx/ddx.hpp>

struct Model {
  double k;
  mutable double cache = 0;
  double rate(double t) const { return cache = k * t; }
};
double loss(const Model &m, double t) { return m.rate(t) * t; }

int main() {
  Model m{2.0};
  double k = 1.5;
  auto [v, dm, dk] = ddx::gradient(loss, ddx::active(m), ddx::active(k));
  return v + dm.k + dk > 0 ? 0 : 1;
}
