// EXPECT-EXIT: 1
// EXPECT-DIAG: 25:3: cannot differentiate this call of 'boost::numeric::odeint::integrate_adaptive': it has no derivative rule
// EXPECT-NOTE: detail/integrate_adaptive.hpp:131:8: member function call
// EXPECT-NOTE: 25:3: while differentiating .integrate_adaptive., called here
// EXPECT-NOTE: 25:3: has no derivative rule
// Case: Boost.Odeint's integrate_adaptive with a dense-output dopri5
// stepper and a lambda system capturing an active parameter (from the
// soundness issue, with a controlled stepper: it was accepted, and the
// output neither compiled nor would have carried the derivative; the
// controlled stepper has a rule now, odeint_adaptive). Refused at the
// user's call, with what the library's source does in a note, the call
// chain, and what to do there (write a rule).
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
  integrate_adaptive(make_dense_output(1e-10, 1e-10, runge_kutta_dopri5<state>()),
                     system, x, 0.0, 1.0, 0.01);
  return x[0];
}

int main() {
  auto [y, dk] = ddx::gradient(model, ddx::active(2.0));
  return y > dk;
}
