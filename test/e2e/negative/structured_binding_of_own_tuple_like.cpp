// EXPECT-EXIT: 1
// EXPECT-DIAG: 32:8: a structured binding of 'Vec2' yet
// EXPECT-NOTE: 32:8: return a struct with named members
// Case: a structured binding of a user's class made tuple-like with its own
// get, std::tuple_size and std::tuple_element. The bindings are the
// class's get calls, which return references ddx cannot follow; ddx
// refuses at the binding and says what to write instead. (std::pair,
// std::tuple and std::array bind: std_tuple_values.)
#include <cstddef>
#include <ddx/ddx.hpp>
#include <tuple>

class Vec2 {
  double v[2];

public:
  Vec2(double a, double b) : v{a, b} {}
  template <std::size_t I> double &get() { return v[I]; }
};
namespace std {
template <> struct tuple_size<Vec2> : integral_constant<size_t, 2> {};
template <size_t I> struct tuple_element<I, Vec2> {
  using type = double;
};
} // namespace std

Vec2 split(double a) { return Vec2(a * a, a + 1); }

double f(double a, double b) {
  double s = a;
  Vec2 w = split(a * b);
  auto [u, v] = w;
  return u * b + v * s;
}

int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0));
  return y + da + db > 0;
}
