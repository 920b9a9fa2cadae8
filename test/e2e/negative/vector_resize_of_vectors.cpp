// EXPECT-EXIT: 1
// EXPECT-DIAG: 12:5: ddx cannot differentiate this resize or clear of 'w' in reverse mode yet
// EXPECT-NOTE: 12:5: hold plain values in the vector
// Case: resize of a vector whose elements are vectors, in reverse mode:
// ddx records a reshaped vector on the tape, which needs trivially
// copyable elements, and refuses at the call.
#include <ddx/ddx.hpp>
#include <vector>
double f(double a) {
  std::vector<std::vector<double>> w(2, std::vector<double>(2, a));
  double s = w[1][1] * a;
  w.resize(1);
  return s + w[0][0];
}
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); return y + d > 0; }
