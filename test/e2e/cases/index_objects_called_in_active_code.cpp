// Case: objects that compute indices, called in differentiated code: a
// matrix of integers with a non-const m(i, j) whose index reads the member
// `cols` (so it is not an accessor a shadow could use, yet changes
// nothing), and a functor computing a flat index. They are primal code:
// printed as the calls they are, and their reads in loops need no saving.
// Checked against finite differences, forward against reverse.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

template <class T> struct LightMatrix {
  int rows = 0, cols = 0;
  std::vector<T> data;
  LightMatrix() = default;
  LightMatrix(int r, int c) : rows(r), cols(c), data(r * c) {}
  T &operator()(int i, int j) { return data[i * cols + j]; }
  const T &operator()(int i, int j) const { return data[i * cols + j]; }
  T &at_flat(int k) { return data[k % (rows * cols)]; }
};

struct FlatIndex {
  int stride;
  int operator()(int i, int j) const { return i * stride + j; }
};

// sum_i w_i * x[perm(i, 0)] * x[flat(0, i) % n] * sin(x[perm(0, i)])
double permuted_products(const double *x, int n) {
  LightMatrix<int> perm(n, n);
  FlatIndex flat{n};
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      perm(j, i) = (i + 2 * j) % n;
  double s = 0;
  for (int i = 0; i < n; ++i) {
    double w = 1.0 + 0.25 * perm.at_flat(i + n);
    s += w * x[perm(i, 0)] * x[flat(0, i) % n] * std::sin(x[perm(0, i)]);
  }
  return s;
}

int main() {
  const int n = 5;
  double x[n] = {0.3, -0.8, 1.2, 0.5, -0.1};
  double dx[n] = {0, 0, 0, 0, 0};
  auto [value] = ddx::gradient(permuted_products, ddx::duplicated(x, dx),
                               ddx::constant(n));
  check::near("value", value, permuted_products(x, n), 1e-14);
  for (int k = 0; k < n; ++k) {
    auto g = [&](double h) {
      double xs[n];
      for (int j = 0; j < n; ++j)
        xs[j] = x[j] + (j == k ? h : 0);
      return permuted_products(xs, n);
    };
    check::fd(("reverse d/dx" + std::to_string(k)).c_str(), dx[k], g);
    double t[n] = {0, 0, 0, 0, 0};
    t[k] = 1;
    auto [v, d] = ddx::derivative(permuted_products, ddx::duplicated(x, t),
                                  ddx::constant(n));
    (void)v;
    check::near(("forward vs reverse " + std::to_string(k)).c_str(), d, dx[k],
                1e-12);
  }
  return check::finish();
}
