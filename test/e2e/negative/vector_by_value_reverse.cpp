// EXPECT-EXIT: 1
// EXPECT-DIAG: 19:19: ddx cannot pass 'w' by value to 'tail' in reverse mode yet
// Case: a std::vector passed by value to a callee in reverse mode. The
// callee's adjoints went into its copy of the vector's derivative and never
// reached the caller: the gradient was silently 0 (forward mode, where the
// copy carries tangents in, is right and stays accepted). Refused at the
// argument, saying to take it by const reference.
#include <ddx/ddx.hpp>
#include <vector>

double tail(std::vector<double> v) {
  v[0] = v[0] * v[1];
  return v[0] + v[2];
}

double f(double a, double b) {
  std::vector<double> w{a, b, a * b};
  double s = b;
  return s + tail(w);
}

int main() {
  auto [v, da, db] = ddx::gradient(f, ddx::active(1.3), ddx::active(0.7));
  return v > 0 && da > 0 && db > 0 ? 0 : 1;
}
