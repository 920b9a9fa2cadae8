// EXPECT-EXIT: 1
// EXPECT-DIAG: 18:9: pointer to memory without a shadow
// Case: a global array's address stored in a struct that carries active
// pointers: the struct's shadow would have nowhere to point for it (a null
// shadow the generated code would read), so ddx refuses at the store
#include <ddx/ddx.hpp>

double table[2] = {2.5, 0.5};
struct Weights {
  double *w;
  double *c;
};
double use(const Weights &h) { return h.w[0] * h.c[0] + h.w[1] * h.c[1]; }
double model(double k) {
  double w[2] = {k, k * k};
  Weights h;
  h.w = w;
  h.c = table;
  return use(h);
}

int main() {
  auto [y, dk] = ddx::gradient(model, ddx::active(1.3));
  return y > dk;
}
