// What a ddx derivative rule is written with: header-only, C++17.
//
// A rule for a function f is a pushforward `f_pushforward` and, optionally, a
// pullback `f_pullback`, found by ddx in namespace ddx::rules (see
// docs/rules.md). This header gives rules their vocabulary:
//
//   DDX_OPTION    marks a parameter that is never differentiated
//                 (a tolerance, a depth limit, an error output);
//   DDX_CALLABLE  marks a parameter that receives a callable: ddx passes an
//                 object it generates for the concrete callable, which can
//                 evaluate it, push tangents forward and pull adjoints back;
//   DDX_IN_ORDER  beside it: the rule calls the callable as the library
//                 does (so the callable may write what it captures);
//   DDX_HANDLE    marks a solver handle (GSL's gsl_root_fsolver *): a
//                 `_binds` declaration says which call gives it a callable,
//   DDX_BOUND     and a rule of a function that reads the handle takes
//                 that callable first, in a parameter marked so;
//   DDX_CALLABLE_FIELD(name)  a callable that is one function-pointer
//                 field of a struct with several (gsl_function_fdf's f);
//   DDX_ONE_OF("a b")  an option of a `_binds` declaration that must name
//                 one of these variables at the call (a stepper type);
//   tangent_t<T>  the type of a tangent or adjoint, kept out of deduction;
//   dual<T>       a value with its tangent;
//   cotangent<T, N>  the adjoints of what a callable captures, as a vector.
#ifndef DDX_RULE_HPP
#define DDX_RULE_HPP

#include <cstddef>
#include <type_traits>

#if defined(__clang__)
#define DDX_OPTION __attribute__((annotate("ddx::option")))
#define DDX_CALLABLE __attribute__((annotate("ddx::callable")))
#define DDX_RANGE __attribute__((annotate("ddx::range")))
#define DDX_OUTPUT_RANGE __attribute__((annotate("ddx::output_range")))
#define DDX_IN_ORDER __attribute__((annotate("ddx::in_order")))
#define DDX_HANDLE __attribute__((annotate("ddx::handle")))
#define DDX_BOUND __attribute__((annotate("ddx::bound")))
#define DDX_CALLABLE_FIELD(name)                                               \
  __attribute__((annotate("ddx::callable"),                                    \
                 annotate("ddx::callable_field:" #name)))
#define DDX_ONE_OF(names)                                                      \
  __attribute__((annotate("ddx::option"), annotate("ddx::one_of:" names)))
#else
/// Marks a parameter as an option: ddx never differentiates it. An active
/// value passed to it is passed detached, with a warning.
#define DDX_OPTION
/// Marks a rule parameter that receives a callable (see docs/rules.md).
#define DDX_CALLABLE
/// Marks an iterator (or pointer) parameter into a range the function
/// reads: its tangent and adjoint slots are the same position in the range's
/// shadow (docs/rules.md, "Ranges").
#define DDX_RANGE
/// Marks an iterator parameter into a range the function writes.
#define DDX_OUTPUT_RANGE
/// Marks a callable parameter (beside DDX_CALLABLE) that the rule calls
/// exactly as often, and in the order, the library does: the callable may
/// then write what it captures (a for_each summing into a local). Without
/// it, a rule may call its callables more often (to differentiate them),
/// and ddx refuses callables that write what they capture.
#define DDX_IN_ORDER
/// Marks a parameter that receives a solver handle: a C library's state
/// object that a set-up call gives a callable (gsl_root_fsolver_set) and
/// later calls read results from (gsl_root_fsolver_root). See docs/rules.md,
/// "Solver handles".
#define DDX_HANDLE
/// Marks the leading parameter of a rule of a function that reads a
/// handle: ddx passes the callable the handle was set up with there.
#define DDX_BOUND
/// DDX_CALLABLE for a struct holding several function pointers and their
/// context (GSL's gsl_function_fdf): the callable is the function in field
/// `name`, called with the context.
#define DDX_CALLABLE_FIELD(name)
/// DDX_OPTION for a `_binds` parameter that must be one of the named
/// variables (a space-separated list), named at the call: the steppers a
/// rule knows (GSL's gsl_odeiv2_step_rk4, ...).
#define DDX_ONE_OF(names)
#endif

namespace ddx {

namespace detail {
template <class T> struct identity { using type = T; };
} // namespace detail

/// Tangent and adjoint parameters are not deduced: they take the argument's
/// type, so an inactive argument's tangent can be a literal 0.
template <class T> using tangent_t = typename detail::identity<T>::type;

/// A value with a tangent: the forward-mode seed of a request argument, and
/// the result of a generated forward-mode function or a pushforward.
template <class T> struct dual {
  T value;
  T tangent;
  dual() = default;
  dual(T v, T t) : value(v), tangent(t) {}
  /// From a dual of another floating type: a rule in float calling a
  /// callable in double gets its pushforward in float.
  template <class U, class = std::enable_if_t<!std::is_same_v<T, U> &&
                                              std::is_convertible_v<U, T>>>
  dual(const dual<U> &d) : value(T(d.value)), tangent(T(d.tangent)) {}
};

/// What a rule's `_forward` returns: the call's value and what its pullback
/// needs of the primal (a root, a trajectory), which ddx keeps on the tape
/// until the reverse sweep and passes to the pullback first. The pullback
/// then need not run the primal computation again (docs/rules.md,
/// "Records").
template <class T, class Record> struct recorded {
  T value;
  Record record;
};
/// A record that is the value itself (a root, which the implicit function
/// theorem needs).
template <class T> recorded<T, T> record_value(const T &value) {
  return {value, value};
}

/// The tangent or adjoint slot of a callable's parameter that carries no
/// derivative (an int, a pointer): it takes whatever a rule passes there.
struct no_derivative {
  template <class T> constexpr no_derivative(const T &) noexcept {}
};
template <class T, class U> dual(T, U) -> dual<T>;

/// The tangent or adjoint slot of a range whose values carry no derivative
/// (an inactive vector passed to a rule's DDX_RANGE parameter): every
/// element reads as zero and drops what is written or added to it.
struct zero_range {
  struct element {
    template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
    constexpr operator T() const noexcept {
      return T(0);
    }
    template <class T> constexpr element &operator=(const T &) noexcept {
      return *this;
    }
    template <class T> constexpr element &operator+=(const T &) noexcept {
      return *this;
    }
    template <class T> constexpr element &operator-=(const T &) noexcept {
      return *this;
    }
  };
  constexpr element operator*() const noexcept { return {}; }
  constexpr element operator[](std::ptrdiff_t) const noexcept { return {}; }
  constexpr zero_range &operator++() noexcept { return *this; }
  constexpr zero_range operator++(int) noexcept { return *this; }
  constexpr zero_range &operator--() noexcept { return *this; }
  constexpr zero_range operator--(int) noexcept { return *this; }
  constexpr zero_range &operator+=(std::ptrdiff_t) noexcept { return *this; }
  friend constexpr zero_range operator+(zero_range r, std::ptrdiff_t) noexcept {
    return r;
  }
  friend constexpr zero_range operator+(std::ptrdiff_t, zero_range r) noexcept {
    return r;
  }
  friend constexpr zero_range operator-(zero_range r, std::ptrdiff_t) noexcept {
    return r;
  }
};

/// The adjoints of the N active values a callable captures, in capture
/// order: a vector space, so a rule can integrate, sum or scale them before
/// handing them back with `accumulate`.
template <class T, std::size_t N> struct cotangent {
  T slot[N > 0 ? N : 1] = {};
  T &operator[](std::size_t i) { return slot[i]; }
  const T &operator[](std::size_t i) const { return slot[i]; }
  cotangent &operator+=(const cotangent &o) {
    for (std::size_t i = 0; i < N; ++i)
      slot[i] += o.slot[i];
    return *this;
  }
  cotangent &operator-=(const cotangent &o) {
    for (std::size_t i = 0; i < N; ++i)
      slot[i] -= o.slot[i];
    return *this;
  }
  cotangent &operator*=(T s) {
    for (std::size_t i = 0; i < N; ++i)
      slot[i] *= s;
    return *this;
  }
  friend cotangent operator+(cotangent a, const cotangent &b) { return a += b; }
  friend cotangent operator-(cotangent a, const cotangent &b) { return a -= b; }
  friend cotangent operator-(cotangent a) { return a *= T(-1); }
  friend cotangent operator*(cotangent a, T s) { return a *= s; }
  friend cotangent operator*(T s, cotangent a) { return a *= s; }
  friend cotangent operator/(cotangent a, T s) { return a *= T(1) / s; }
};

/// Whether a callable object carries its captures' adjoints as a cotangent
/// vector (F::cotangent_type, with pullback_to and accumulate): not when a
/// capture holds a pointer, whose adjoints are behind it.
template <class F, class = void> struct has_cotangent : std::false_type {};
template <class F>
struct has_cotangent<F, std::void_t<typename F::cotangent_type>>
    : std::true_type {};

} // namespace ddx

#endif // DDX_RULE_HPP
