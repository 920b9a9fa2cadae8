// EXPECT-EXIT: 1
// EXPECT-DIAG: 16:44: the member function call 'std::vector<P>::emplace_back' on active data yet
// EXPECT-DIAG: 17:53: the member function call 'std::vector<double>::assign' on active data yet
// EXPECT-DIAG: 18:53: the member function call 'std::vector<double>::insert' on active data yet
// Case: the std::vector calls that change a vector's shape and that ddx
// does not differentiate yet (push_back, emplace_back of an element, resize,
// clear, pop_back, erase, insert and emplace of one element and assign of n
// copies are, see vector_push_back, vector_resize_clear and
// vector_insert_erase_assign): emplace_back with a constructor's arguments,
// assign from a brace list and insert of n copies on active data are
// refused where they are called, never left as primal code that would
// desynchronise the shadow.
#include <ddx/ddx.hpp>
#include <vector>
struct P { double x, v; P(double a, double b) : x(a), v(b) {} };
double f(double a) { std::vector<P> ps; ps.emplace_back(a, a * 2); return ps[0].x * ps[0].v; }
double g(double a) { std::vector<double> w{a, a}; w.assign({a, 2 * a}); w[1] = a; return w[0] * w[1]; }
double h(double a) { std::vector<double> w{a, a}; w.insert(w.begin(), 2, a); w.push_back(a * a); return w[0]; }
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); auto [y2, t] = ddx::gradient(g, ddx::active(1.5)); auto [y3, t3] = ddx::gradient(h, ddx::active(1.5)); return y + d + t + t3 > 0; }
