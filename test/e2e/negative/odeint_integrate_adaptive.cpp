// EXPECT-EXIT: 1
// EXPECT-DIAG: 27:3: cannot differentiate this call of 'boost::numeric::odeint::integrate_adaptive': it has no derivative rule
// EXPECT-NOTE: detail/integrate_adaptive.hpp:69:12: member function call
// EXPECT-NOTE: 27:3: while differentiating .integrate_adaptive., called here
// EXPECT-NOTE: 27:3: has no derivative rule
// Case: Boost.Odeint's integrate_adaptive with a multistep stepper
// (adams_bashforth_moulton, which the rules have no tableau for) and a
// lambda system capturing an active parameter (from the soundness issue,
// with a controlled stepper: it was accepted, and the output neither
// compiled nor would have carried the derivative; the controlled and
// dense-output steppers have rules now, odeint_adaptive and
// odeint_dense_output_and_integrate). Refused at the user's call, with
// what the library's source does in a note, the call chain, and what to
// do there (write a rule).
#include <ddx/ddx.hpp>
#include <array>
#include <boost/numeric/odeint.hpp>
using namespace boost::numeric::odeint;
using state = std::array<double, 2>;

double model(double k) {
  auto system = [k](const state &x, state &dxdt, double) {
    dxdt[0] = x[1];
    dxdt[1] = -k * x[0];
  };
  state x{1.0, 0.0};
  integrate_adaptive(adams_bashforth_moulton<4, state>(), system, x, 0.0, 1.0,
                     0.01);
  return x[0];
}

int main() {
  auto [y, dk] = ddx::gradient(model, ddx::active(2.0));
  return y > dk;
}
