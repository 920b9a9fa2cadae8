// EXPECT-EXIT: 1
// EXPECT-DIAG: 17:39: both grows 'out' and reshapes it ('clear')
// EXPECT-NOTE: 17:39: only push_back onto it in the callable
// Case: a std::for_each function that keeps only the last value it sees,
// clearing a captured vector and pushing onto it. In reverse mode the
// pullback runs the function again on the vector put back as it was, and
// would cut off, at the clear, the adjoints the caller gave the elements it
// then grows (d/dk 1.44 where 4.32 is right): refused, with what to write
// instead.
#include <algorithm>
#include <ddx/ddx.hpp>
#include <vector>

double keep_last(double k, double x0) {
  std::vector<double> in{k, x0, k * x0};
  std::vector<double> out;
  std::for_each(in.begin(), in.end(), [&out](double e) {
    out.clear();
    out.push_back(e * e);
  });
  return out[0] * k;
}

int main() {
  auto [v, dk, dx] =
      ddx::gradient(keep_last, ddx::active(0.8), ddx::active(1.5));
  return v > dk + dx;
}
