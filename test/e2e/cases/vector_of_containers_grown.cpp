// Case: a vector of vectors, and a vector of structs holding a vector, grown
// by push_back and emplace_back of a local built in a loop (a ragged
// table). In reverse mode the adjoint of each new element takes the shape
// of the element pushed (::ddx::zeros_like); it was once an empty vector,
// and the reverse sweep indexed past its end (a crash). Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

double rows_of(double a, double b) {
  std::vector<std::vector<double>> rows;
  for (int i = 0; i < 3; ++i) {
    std::vector<double> r;
    for (int j = 0; j <= i; ++j)
      r.push_back(a * i + b * j + 1.0);
    rows.push_back(r);
  }
  std::vector<double> tail(2, a * b);
  rows.emplace_back(tail);
  double s = 0;
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < rows[i].size(); ++j)
      s += std::sin(rows[i][j]) * static_cast<double>(i + 1);
  return s + rows[2][1] * rows[0][0];
}

struct Cell {
  std::vector<double> w;
  double k = 0;
};

double cells_of(double a, double b) {
  std::vector<Cell> cells;
  for (int i = 0; i < 2; ++i) {
    Cell c;
    c.w.push_back(a * i + b);
    c.w.push_back(a * b);
    c.k = a;
    cells.push_back(c);
  }
  return cells[1].w[0] * cells[0].w[0] + cells[1].w[1] * cells[1].k;
}

struct Particle {
  double m;
  std::vector<double> w;
};

double braced(double a, double b) {
  std::vector<Particle> ps;
  ps.push_back({a, {a, b}});
  ps.push_back({b, {b * b}});
  return ps[0].w[1] * ps[1].m + ps[1].w[0] * ps[0].m;
}

int main() {
  const double a = 0.7, b = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(rows_of, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(rows_of, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(rows_of, a, ddx::dual(b, 1.0));
    check::two_inputs("rows_of", rows_of, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(cells_of, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(cells_of, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(cells_of, a, ddx::dual(b, 1.0));
    check::two_inputs("cells_of", cells_of, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(braced, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(braced, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(braced, a, ddx::dual(b, 1.0));
    check::two_inputs("braced", braced, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
