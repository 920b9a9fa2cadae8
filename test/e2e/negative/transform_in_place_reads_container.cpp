// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:18: ddx cannot differentiate this call of 'std::transform' in reverse mode: the callable reads 'v', which the call writes while calling it
// EXPECT-NOTE: 16:18: copy what the callable reads into a local first, and capture that (by value)
// Case: an in-place std::transform whose lambda reads the container it
// writes (v[0], overwritten by the first step). The pullback runs the
// lambda again for each element with the container as it was before the
// call, so every step would see the old v[0]: the gradient came out 7.56
// where 7.14 is right (forward mode was right). Refused in reverse mode.
#include <algorithm>
#include <ddx/ddx.hpp>
#include <vector>

double g(double a) {
  std::vector<double> v{a, 2 * a, 3.0};
  std::transform(v.begin(), v.end(), v.begin(),
                 [&v](double t) { return t * v[0]; });
  return v[1] + v[2];
}

int main() {
  auto [v, d] = ddx::gradient(g, ddx::active(0.7));
  return v + d > 0 ? 0 : 1;
}
