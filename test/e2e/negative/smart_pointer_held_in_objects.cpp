// EXPECT-EXIT: 1
// EXPECT-DIAG: 30:10: ddx cannot differentiate code with a 'Holder' yet: it holds smart pointers, which ddx follows only as local variables of their own
// EXPECT-NOTE: 30:10: keep the objects in a local std::unique_ptr or std::shared_ptr each
// EXPECT-DIAG: 35:38: ddx cannot differentiate code with a 'std::vector<std::unique_ptr<Term>>' yet: it holds smart pointers
// EXPECT-DIAG: 40:8: ddx cannot differentiate a call that returns a 'std::unique_ptr<Term>' here yet
// EXPECT-NOTE: 40:8: make the object here with std::make_unique or std::make_shared
// Case: smart pointers ddx does not follow yet: a member of a class, the
// elements of a container, and one a function returns (a factory). Each
// is refused where the variable is declared, with what to write instead.
#include <ddx/ddx.hpp>
#include <memory>
#include <vector>

struct Term {
  virtual ~Term() = default;
  virtual double eval(double x) const = 0;
};
struct Square : Term {
  double c;
  explicit Square(double c) : c(c) {}
  double eval(double x) const override { return c * x * x; }
};
struct Holder {
  std::unique_ptr<Term> t;
  double w = 1;
};
std::unique_ptr<Term> make(double c) { return std::make_unique<Square>(c); }

double member(double a) {
  Holder h;
  h.t = std::make_unique<Square>(a);
  return h.t->eval(2.0);
}
double elements(double a) {
  std::vector<std::unique_ptr<Term>> v;
  v.push_back(std::make_unique<Square>(a));
  return v[0]->eval(2.0);
}
double factory(double a) {
  auto t = make(a);
  return t->eval(2.0);
}

int main() {
  auto [y1, d1] = ddx::gradient(member, ddx::active(1.5));
  auto [y2, d2] = ddx::gradient(elements, ddx::active(1.5));
  auto [y3, d3] = ddx::gradient(factory, ddx::active(1.5));
  return y1 + d1 + y2 + d2 + y3 + d3 > 0 ? 0 : 1;
}
