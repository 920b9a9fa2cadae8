// EXPECT-EXIT: 1
// EXPECT-DIAG: 17:19: ddx cannot tell this request's instantiations apart
// EXPECT-NOTE: 17:19: move the request into a function whose template parameters have names
// Case: a request inside a generic lambda whose instantiations (for double
// and for float) differentiate different functions (twice<double>,
// twice<float>). ddx rewrites the request's text once, through a class
// specialised for each instantiation's template arguments, and an `auto`
// parameter has no name to spell its type by in that text: refused at the
// request, with what to do. (Requests in named templates work:
// cases/requests_inside_templates.)
#include <ddx/ddx.hpp>

template <class T> double twice(T x) { return 2 * x; }

int main() {
  auto slope = [](auto x) {
    auto [y, d] = ddx::gradient(twice<decltype(x)>, ddx::active(x));
    return d;
  };
  return slope(1.0) + slope(2.0f) > 0 ? 0 : 1;
}
