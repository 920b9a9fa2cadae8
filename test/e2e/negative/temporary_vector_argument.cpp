// EXPECT-EXIT: 1
// EXPECT-DIAG: 21:16: active values reach 'norm2' in 'std::vector<double>(3, a)', a 'std::vector<double>' that exists only in the call
// EXPECT-NOTE: 21:16: build it in a named local first and pass the local
// Case: a std::vector built in the argument list of a call taking it by
// const reference: the callee read the values, but the temporary had no
// derivative, so the result's derivative was silently 0 in both modes.
// Refused at the argument.
#include <ddx/ddx.hpp>
#include <vector>

double norm2(const std::vector<double> &v) {
  double s = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += v[i] * v[i];
  return s;
}

double f(double a) {
  double b = 2.0 * a;
  double unused = 0;
  return norm2(std::vector<double>(3, a)) + b + unused;
}

int main() {
  auto [v, d] = ddx::gradient(f, ddx::active(1.3));
  return v > 0 && d > 0 ? 0 : 1;
}
