// Case: derivatives of objects whose class is not trivially copyable (a
// virtual function) and whose members have default values (`double phi =
// 0.5;`): on the heap, in arrays and in std::vector (sized, resized, grown,
// copied into). The runtime zeroes such a derivative member by member as
// the generated file says (ddx::member_zeroing); value initialisation would
// start it at the default values (a vector<Hot>(3)'s derivative once
// started at phi = 0.5, T = 300: a wrong derivative). Both modes.
#include "check.hpp"
#include <ddx/ddx.hpp>
#include <vector>

struct Cell {
  double u = 1.0, phi = 0.5;
  virtual ~Cell() = default;
  virtual double flux() const { return phi * u * u; }
};
struct Hot : Cell {
  double T = 300.0;
  double flux() const override { return phi * u * T / 300.0; }
};

double heap_array(double a, double b) {
  Cell *cs = new Cell[3];
  cs[1].u = a;
  cs[2].u = b;
  double s = 0;
  for (int i = 0; i < 3; ++i)
    s += cs[i].flux() * cs[i].phi;
  delete[] cs;
  return s;
}

double heap_single(double a, double b) {
  Hot *h = new Hot;
  Cell *c = new Hot();
  h->u = a;
  c->u = b;
  double s = h->flux() + c->flux() + h->T * a + c->phi * b;
  delete h;
  delete c;
  return s;
}

double vector_resize(double a, double b) {
  std::vector<Hot> v;
  v.resize(2);
  v[0].u = a;
  v.push_back(Hot());
  v[2].phi = b;
  double s = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += v[i].flux() + v[i].T * a;
  return s;
}

double vector_sized(double a, double b) {
  std::vector<Hot> v(3);
  v[1].T = b * 100;
  double s = 0;
  for (auto &h : v) {
    h.u *= a;
    s += h.flux() + h.phi * b;
  }
  return s;
}

double copied_in(double a, double b) {
  std::vector<Cell> h(2);
  Cell p;
  p.u = a;
  p.phi = b;
  h[0] = p;
  std::vector<std::vector<Cell>> grid(2, std::vector<Cell>(2));
  grid[1][0].u = b;
  return h[0].u * h[1].phi + h[0].phi * a + grid[1][0].flux() + grid[0][1].u;
}

int main() {
  const double a = 0.7, b = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(heap_array, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(heap_array, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(heap_array, a, ddx::dual(b, 1.0));
    check::two_inputs("heap_array", heap_array, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(heap_single, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(heap_single, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(heap_single, a, ddx::dual(b, 1.0));
    check::two_inputs("heap_single", heap_single, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(vector_resize, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(vector_resize, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(vector_resize, a, ddx::dual(b, 1.0));
    check::two_inputs("vector_resize", vector_resize, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(vector_sized, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(vector_sized, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(vector_sized, a, ddx::dual(b, 1.0));
    check::two_inputs("vector_sized", vector_sized, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(copied_in, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(copied_in, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(copied_in, a, ddx::dual(b, 1.0));
    check::two_inputs("copied_in", copied_in, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
