// EXPECT-EXIT: 1
// EXPECT-DIAG: 10:7: active memory is viewed as
// Case: active memory copied byte by byte through a void* helper: the bytes
// carry no derivative, so ddx refuses the char* view of active memory
// rather than differentiate the copy as a constant
#include <ddx/ddx.hpp>

void copy_bytes(void *to, const void *from, unsigned n) {
  char *dst =
      static_cast<char *>(to);
  const char *src = static_cast<const char *>(from);
  for (unsigned i = 0; i < n; ++i)
    dst[i] = src[i];
}

double twice(double x) {
  double y = 0;
  copy_bytes(&y, &x, sizeof y);
  return 2 * y;
}

int main() {
  auto [v, dx] = ddx::gradient(twice, ddx::active(1.5));
  return v > dx;
}
