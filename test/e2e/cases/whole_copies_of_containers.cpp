// Case: whole copies of containers and of structs holding them, in both
// modes (both refused in reverse mode before: the tape held only values it
// could copy byte by byte, and a struct's copied derivative had empty
// containers). A struct holding a std::vector copied whole and changed; a
// vector of vectors resized after its rows were read. Against central
// differences, forward against reverse.
#include "check.hpp"
#include <ddx/ddx.hpp>
#include <vector>

struct Data {
  std::vector<double> w;
  double c;
};

double copied_struct(double a, double b) {
  Data d{std::vector<double>{a, b, a * b}, b};
  Data e = d;
  e.w[0] = e.w[0] * e.c;
  e.w[2] += d.w[0];
  return e.w[0] * d.w[1] + e.w[2] * e.w[2];
}

double resized_rows(double a, double b) {
  std::vector<std::vector<double>> w(2, std::vector<double>(2, a));
  w[1][0] = b * a;
  double s = w[1][1] * a + w[1][0];
  w.resize(1);
  w[0][1] *= b;
  return s * w[0][1] + w[0][0];
}

int main() {
  const double a = 1.3, b = 0.7;
  {
    auto [y, da, db] =
        ddx::gradient(copied_struct, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(copied_struct, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(copied_struct, a, ddx::dual(b, 1.0));
    (void)y1, (void)y2;
    check::near("struct value", y, copied_struct(a, b), 1e-14);
    check::fd("struct d/da", da,
              [&](double h) { return copied_struct(a + h, b); });
    check::fd("struct d/db", db,
              [&](double h) { return copied_struct(a, b + h); });
    check::near("struct d/da forward", ta, da, 1e-12);
    check::near("struct d/db forward", tb, db, 1e-12);
  }
  {
    auto [y, da, db] =
        ddx::gradient(resized_rows, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(resized_rows, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(resized_rows, a, ddx::dual(b, 1.0));
    (void)y1, (void)y2;
    check::near("rows value", y, resized_rows(a, b), 1e-14);
    check::fd("rows d/da", da,
              [&](double h) { return resized_rows(a + h, b); });
    check::fd("rows d/db", db,
              [&](double h) { return resized_rows(a, b + h); });
    check::near("rows d/da forward", ta, da, 1e-12);
    check::near("rows d/db forward", tb, db, 1e-12);
  }
  return check::finish();
}
