// EXPECT-EXIT: 1
// EXPECT-DIAG: bits/stl_algo.h:3788:14: this use of the callable '__f' other than a call or an argument
// EXPECT-NOTE: 15:3: while differentiating 'for_each', called here with active arguments
// EXPECT-NOTE: 15:3: 'std::for_each' has no derivative rule
// Case: std::for_each with a lambda returns its callable (`return __f;` in
// libstdc++). ddx differentiated for_each's source specialised on the
// lambda and printed the lambda's type where the return type goes: the
// output did not compile (exit 3). Refused now, in the library with the
// chain back to the user's line, until <algorithm> has rules.
#include <algorithm>
#include <ddx/ddx.hpp>

double model(double a, double b) {
  double y[3] = {a, b, a * b};
  std::for_each(y, y + 3, [&](double &v) { v = v * v + b; });
  return y[0] + y[1] + y[2];
}

int main() {
  auto [v, da, db] = ddx::gradient(model, ddx::active(1.7), ddx::active(0.4));
  return v + da + db > 0 ? 0 : 1;
}
