// EXPECT-EXIT: 1
// EXPECT-DIAG: 27:3: ddx cannot differentiate the overloaded operator 'Mat::operator()' on active values yet
// EXPECT-NOTE: 27:3: computes its index from the object's members, which are zero in the derivative's object
// Case: a store into an active matrix through an operator() whose index
// reads the member cols. Called on the derivative's object it would read
// that object's cols; refused at the store, saying why and what to write
// (the note asked to make the visible definition visible before).
#include <ddx/ddx.hpp>
#include <vector>
struct Mat {
  int rows = 0, cols = 0;
  std::vector<double> data;
  double &operator()(int i, int j) { return data[i * cols + j]; }
};
double f(const double *x, int n) {
  Mat m;
  m.rows = n;
  m.cols = n;
  m.data = std::vector<double>(n * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      m.data[i * n + j] = x[i] * x[j];
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += m.data[i * n + i] * x[i];
  // The store, into memory that holds active values.
  m(1, 1) = 2.0;
  return s + m.data[4] * x[0];
}
int main() {
  double x[3] = {0.3, -0.8, 1.2}, dx[3] = {0, 0, 0};
  auto [v] = ddx::gradient(f, ddx::duplicated(x, dx), ddx::constant(3));
  return v > 0;
}
