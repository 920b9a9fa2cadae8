// EXPECT-EXIT: 1
// EXPECT-DIAG: 21:15: through the reference that 'Mat::operator()' returns
// EXPECT-NOTE: 21:7: not from the object's members
// Case: a matrix whose operator() computes the index from a member (the
// row length n). ddx follows an accessor by calling it on the shadow
// object, whose n is zero, so it would name the wrong element (it gave
// 11.7 where 10.8 is right): refused at the store, saying how to write the
// accessor.
#include <ddx/ddx.hpp>

struct Mat {
  int n;
  double a[9];
  double &operator()(int i, int j) { return a[i * n + j]; }
};

double f(double s, double t) {
  Mat m{3, {}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m(i, j) = s * (i + 1) + t * j;
  return m(1, 2) * m(2, 0);
}

int main() {
  auto [y, ds, dt] = ddx::gradient(f, ddx::active(0.3), ddx::active(1.2));
  return y + ds + dt > 0;
}
