// EXPECT-EXIT: 1
// EXPECT-DIAG: 21:5: the call to 'fill' may change the memory that parameter 'idx' points to
// EXPECT-NOTE: 21:5: copy the values into a local array or std::vector
// Case: a call left as primal code (it only computes indices) rewrites, in
// every iteration, the ints a pointer parameter points to, and the
// derivative reads them. The reverse sweep runs after the loop and would
// see the indices the last iteration left; ddx saves memory a call changes
// when it knows its extent (a local array, `int *p = idx`, `idx + 1`), but
// not the caller's memory behind a pointer: refused at the call.
#include <ddx/ddx.hpp>

void fill(int *idx, int n, int shift) {
  for (int i = 0; i < n; ++i)
    idx[i] = (i + shift) % n;
}

double f(double a, double b, int *idx) {
  const double x[2] = {a, b};
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    fill(idx, 2, t);
    s += x[idx[0]] * x[idx[1]] * (t + 1);
  }
  return s;
}

int main() {
  int idx[2];
  auto [y, da, db] =
      ddx::gradient(f, ddx::active(1.0), ddx::active(2.0), idx);
  return y + da + db > 0;
}
