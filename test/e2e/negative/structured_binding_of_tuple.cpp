// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:8: a structured binding of 'std::tuple<double, double>' yet
// EXPECT-NOTE: 16:8: return a struct with named members
// Case: a structured binding of a std::tuple returned by a helper. A
// tuple binds through std::get, which returns a reference to a member ddx
// cannot name; ddx refuses at the binding and says what to write instead.
// (A std::pair's bindings stand for .first and .second:
// structured_bindings_of_pairs.)
#include <ddx/ddx.hpp>
#include <tuple>

std::tuple<double, double> split(double a) { return {a * a, a + 1}; }

double f(double a, double b) {
  double s = a;
  auto [u, v] = split(a * b);
  return u * b + v * s;
}

int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0));
  return y + da + db > 0;
}
