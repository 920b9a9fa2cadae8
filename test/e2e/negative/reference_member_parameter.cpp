// EXPECT-EXIT: 1
// EXPECT-DIAG: 19:41: ddx cannot differentiate through 'f' yet: its type 'Rhs' has the reference member 'scratch'
// EXPECT-NOTE: 12:24: hold a pointer instead
// Case: as negative/reference_member_struct, the functor made in the call:
// the parameter of sum3 would need a derivative with an empty reference
// member; refused at the parameter (the output used not to compile: exit
// 3).
#include <ddx/ddx.hpp>
#include <vector>

struct Rhs {
  std::vector<double> &scratch;
  double k;
  double operator()(double t) const {
    scratch[0] = k * t;
    return scratch[0] * scratch[0];
  }
};
template <class F> double sum3(const F &f) {
  double s = 0;
  for (int i = 1; i <= 3; ++i)
    s += f(0.5 * i);
  return s;
}
double passed(double x) {
  std::vector<double> work(1);
  return sum3(Rhs{work, x}) + work[0];
}

int main() {
  auto [z, e] = ddx::gradient(passed, ddx::active(0.7));
  return z + e > 0 ? 0 : 1;
}
