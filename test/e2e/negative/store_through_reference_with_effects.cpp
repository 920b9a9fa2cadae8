// EXPECT-EXIT: 1
// EXPECT-DIAG: 23:16: ddx cannot differentiate this store in reverse mode yet: the reverse sweep puts back the value it overwrites, which evaluates 'g.at(i, 0)' again
// EXPECT-NOTE: 23:16: store into the member directly
// Case: a store through the reference a member function returns, where
// the function also counts its calls. Saving and restoring the old value
// calls it twice more: the count came out three times too high, and the
// value and gradient were wrong (21.78 where 12.1 is right). Refused at
// the store.
#include <ddx/ddx.hpp>
#include <vector>
struct Grid {
  int cols = 1, hits = 0;
  std::vector<int> data;
  int &at(int i, int j) {
    ++hits;
    return data[i * cols + j];
  }
};
double f(const double *x, int n) {
  Grid g;
  g.data.resize(n);
  for (int i = 0; i < n; ++i)
    g.at(i, 0) = (i + 1) % n;
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i] * (1 + g.hits);
  return s;
}
int main() {
  double x[3] = {1, 2, 3}, dx[3] = {0, 0, 0};
  auto [y] = ddx::gradient(f, ddx::duplicated(x, dx), ddx::constant(3));
  return y > 0;
}
