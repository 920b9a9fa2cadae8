// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:18: ddx cannot differentiate this copy of 'double' data from memory of another type
// EXPECT-NOTE: 16:18: copy from a pointer to the same floating-point type
// Case: memcpy into floating-point memory from memory of another type
// (float bytes into doubles, or bytes of a struct): ddx copies the
// derivative element by element, which needs both sides to hold the same
// floating-point type.
#include <cstring>
#include <ddx/ddx.hpp>

double f(double a) {
  float src[2] = {1.0f, 2.0f};
  src[0] = static_cast<float>(a);
  double w[1];
  w[0] = a;
  std::memcpy(w, src, sizeof(double));
  return w[0] * a;
}

int main() {
  auto [v, d] = ddx::gradient(f, ddx::active(1.0));
  return v + d > 0 ? 0 : 1;
}
