// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:44: the member function call 'std::vector<P>::emplace_back' on active data yet
// EXPECT-DIAG: 15:53: the member function call 'std::vector<double>::assign' on active data yet
// EXPECT-DIAG: 16:53: the member function call 'std::vector<double>::erase' on active data yet
// Case: the std::vector calls that change a vector's shape and that ddx
// does not differentiate yet (push_back and emplace_back of an element,
// resize and clear are, see vector_push_back and vector_resize_clear):
// emplace_back with a constructor's arguments, assign and erase on active
// data are refused where they are called, never left as primal code that
// would desynchronise the shadow.
#include <ddx/ddx.hpp>
#include <vector>
struct P { double x, v; P(double a, double b) : x(a), v(b) {} };
double f(double a) { std::vector<P> ps; ps.emplace_back(a, a * 2); return ps[0].x * ps[0].v; }
double g(double a) { std::vector<double> w{a, a}; w.assign(3, a); w[2] = a; return w[0] * w[2]; }
double h(double a) { std::vector<double> w{a, a}; w.erase(w.begin()); w.push_back(a * a); return w[0]; }
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); auto [y2, t] = ddx::gradient(g, ddx::active(1.5)); auto [y3, t3] = ddx::gradient(h, ddx::active(1.5)); return y + d + t + t3 > 0; }
