// EXPECT-EXIT: 1
// EXPECT-DIAG: 33:9: ddx cannot differentiate code with this 'Acc' yet: a destructor does work of its own here
// EXPECT-NOTE: 27:12: the destructor's work
// EXPECT-NOTE: 33:9: do that work in a member function the code calls where the object's life ends
// EXPECT-DIAG: 40:3: ddx cannot differentiate code with this 'Acc' yet: a destructor does work of its own here
// Case: a class whose destructor does work of its own (an RAII
// accumulator adding to another variable when the object's life ends), as
// a local and on the heap. Generated code declares every local at the top
// of its function and keeps freed objects for the reverse sweep, so the
// destructor would run at another time: ddx once gave the value and both
// derivatives without its effect (value 1.3 instead of 1.79). Refused
// where the object lives, pointing at the destructor's work. A destructor
// that only frees memory and resets the object's members (Buffer) is fine.
#include <ddx/ddx.hpp>

struct Buffer {
  double *data = new double[2]();
  ~Buffer() {
    if (data)
      delete[] data;
    data = nullptr;
  }
};
struct Acc {
  double *sink;
  double v;
  ~Acc() { *sink += v * v; }
};
double local(double a, double b) {
  double total = b;
  Buffer buffer;
  {
    Acc acc{&total, a};
  }
  return total + buffer.data[0];
}
double heap(double a, double b) {
  double total = b;
  Acc *acc = new Acc{&total, a};
  delete acc;
  return total;
}
int main() {
  auto [v, da, db] = ddx::gradient(local, ddx::active(0.7), ddx::active(1.3));
  auto [w, ha, hb] = ddx::gradient(heap, ddx::active(0.7), ddx::active(1.3));
  return v + da + db + w + ha + hb > 0 ? 0 : 1;
}
