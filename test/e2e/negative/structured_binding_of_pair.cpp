// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:8: a structured binding of 'std::pair<double, double>' yet
// EXPECT-NOTE: 16:8: return a struct with named members instead
// Case: a structured binding of a std::pair returned by a helper. A
// tuple-like type binds through std::get, which returns a reference; ddx
// refuses at the binding and says what to write instead. (The hidden
// object such a binding decomposes has no name: before, the reverse mode
// looped forever looking for it in the generated code.)
#include <ddx/ddx.hpp>
#include <utility>

std::pair<double, double> split(double a) { return {a * a, a + 1}; }

double f(double a, double b) {
  double s = a;
  auto [u, v] = split(a * b);
  return u * b + v * s;
}

int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0));
  return y + da + db > 0;
}
