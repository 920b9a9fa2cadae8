// EXPECT-EXIT: 1
// EXPECT-DIAG: 30:7: a variable of type 'Rhs' yet: its member 'scratch' is a reference
// EXPECT-NOTE: 15:24: hold a pointer instead
// Case: a functor holding a reference to a scratch vector, active (its
// operator() writes active values there). Generated code declares its
// variables, and a derivative's shadow, before setting them, which a struct
// with a reference member does not allow: refused at the variable and at
// the parameter whose derivative would need one (negative
// reference_member_parameter; the outputs used not to compile: exit 3). A
// passive functor with a reference member is fine.
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
double held(double x) {
  std::vector<double> work(1);
  Rhs r{work, x};
  return sum3(r) + work[0];
}

int main() {
  auto [y, d] = ddx::gradient(held, ddx::active(0.7));
  return y + d > 0 ? 0 : 1;
}
