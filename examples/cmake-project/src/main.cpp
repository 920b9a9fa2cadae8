// d/dk and d/dc of the model, in reverse and forward mode, each checked
// against a central finite difference. Exits non-zero on a mismatch.
#include "model/model.hpp"
#include <cmath>
#include <ddx/ddx.hpp>

void report(const char *what, double ddx_value, const char *against,
            double check);

int main() {
  const double k = 2.0, c = 1.5, h = 1e-5;
  auto [value, dk, dc] =
      ddx::gradient(model::expected_decay, ddx::active(k), ddx::active(c));
  auto [value2, tk] =
      ddx::derivative(model::expected_decay, ddx::dual(k, 1.0), c);
  double fk =
      (model::expected_decay(k + h, c) - model::expected_decay(k - h, c)) /
      (2 * h);
  double fc =
      (model::expected_decay(k, c + h) - model::expected_decay(k, c - h)) /
      (2 * h);
  report("d/dk", dk, "finite difference", fk);
  report("d/dc", dc, "finite difference", fc);
  report("d/dk fwd", tk, "reverse mode", dk);
  bool ok = std::fabs(dk - fk) < 1e-7 && std::fabs(dc - fc) < 1e-7 &&
            std::fabs(tk - dk) < 1e-12 && value == value2;
  return ok ? 0 : 1;
}
