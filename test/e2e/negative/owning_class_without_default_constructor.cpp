// EXPECT-EXIT: 1
// EXPECT-DIAG: 37:9: its copies, made by the compiler's copy constructor, would share what it points to, which its destructor frees
// EXPECT-NOTE: 37:9: give the class a default constructor
// EXPECT-DIAG: 38:10: the class cannot be copied or assigned
// Case: locals of classes without a default constructor, which ddx builds
// its derivative from as a copy: one owning a raw array, with a destructor
// but the compiler's copy constructor (the copies freed one array twice:
// the generated program aborted after ddx had exited 0), and one whose
// copies are deleted (generated code did not compile: an internal error).
// Refused where declared; with a default constructor both work.
#include <cmath>
#include <ddx/ddx.hpp>

struct Layer {
  int n;
  double *w;
  Layer(int n_, double s) : n(n_), w(new double[n_]) {
    for (int i = 0; i < n; ++i)
      w[i] = s * (i + 1);
  }
  ~Layer() { delete[] w; }
  double apply(double t) const {
    double r = 0;
    for (int i = 0; i < n; ++i)
      r += std::tanh(w[i] * t);
    return r;
  }
};
struct Unique {
  double a;
  explicit Unique(double a0) : a(a0) {}
  Unique(const Unique &) = delete;
  virtual ~Unique() = default; // (not trivially copyable)
};

double f(double x, double y) {
  Layer L(3, y);
  Unique u(x);
  return L.apply(x) + u.a;
}

int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(0.7), ddx::active(1.3));
  return v + dx + dy > 0 ? 0 : 1;
}
