// ddx request API: header-only, C++17.
//
// A request such as
//
//   auto [y, dx, dk] = ddx::gradient(f, ddx::active(x), ddx::active(k), tol);
//   auto [y, dy] = ddx::derivative(f, ddx::dual(x, 1.0), k, tol);
//
// is a placeholder that the ddx tool rewrites into a direct call of generated
// derivative code. The declarations below give every request its exact result
// type, so untransformed code type-checks (IDEs, clangd). Compiling
// untransformed code that *uses* a request fails with a static_assert that
// names ddx: a request never runs and never returns a wrong answer.
//
// The ddx tool parses with DDX_TRANSFORMING defined, which leaves the requests
// declared but undefined.
#ifndef DDX_DDX_HPP
#define DDX_DDX_HPP

#include <ddx/rule.hpp>
#include <tuple>
#include <type_traits>
#include <utility>


namespace ddx {

/// An argument to differentiate with respect to (reverse mode). Its adjoint is
/// returned in the result tuple.
template <class T> struct active_arg { T value; };
template <class T> active_arg<std::decay_t<T>> active(T &&v) {
  return {std::forward<T>(v)};
}

/// An argument that is explicitly not differentiated.
template <class T> struct constant_arg { T value; };
template <class T> constant_arg<std::decay_t<T>> constant(T &&v) {
  return {std::forward<T>(v)};
}

/// A pointer, reference or array paired with its shadow. In reverse mode the
/// adjoints are accumulated into the shadow, which the caller seeds; in forward
/// mode the shadow holds the tangent.
/// The two may differ in type as other tools' drivers write them: a
/// `const double *` input with its `double *` shadow, or `v.data()` (a
/// temporary pointer) with a named one.
template <class P, class S> struct duplicated_arg {
  P &&primal;
  S &&shadow;
};
template <class P, class S>
duplicated_arg<P, S> duplicated(P &&primal, S &&shadow) {
  return {std::forward<P>(primal), std::forward<S>(shadow)};
}


namespace detail {
template <class> inline constexpr bool always_false = false;

// The value a request argument stands for when the target is called.
template <class A> struct unwrap { using type = A; };
// Wrapped values are lvalues, so a request type-checks against by-value,
// const-reference and reference parameters alike; ddx itself diagnoses an
// active argument bound to a non-const reference.
template <class T> struct unwrap<active_arg<T>> { using type = T &; };
template <class T> struct unwrap<constant_arg<T>> { using type = T &; };
template <class T> struct unwrap<dual<T>> { using type = T &; };
template <class P, class S> struct unwrap<duplicated_arg<P, S>> {
  using type = P &&;
};
template <class A> using unwrap_t = typename unwrap<std::decay_t<A>>::type;

// The result of the target. A plain function may be requested without its
// defaulted trailing arguments, which a function type does not record: its
// declared return type is used then.
template <class F> struct function_return {};
template <class R, class... P> struct function_return<R(P...)> {
  using type = R;
};
template <class R, class... P> struct function_return<R(P...) noexcept> {
  using type = R;
};
template <class F, class... Args>
using result_t = typename std::conditional_t<
    std::is_invocable_v<F, unwrap_t<Args>...>,
    std::invoke_result<F, unwrap_t<Args>...>,
    function_return<std::remove_pointer_t<std::remove_reference_t<F>>>>::type;

// The adjoints a gradient returns: one per active argument, in order.
template <class A> struct adjoint_of { using type = std::tuple<>; };
template <class T> struct adjoint_of<active_arg<T>> {
  using type = std::tuple<T>;
};
template <class A>
using adjoint_tuple_t = typename adjoint_of<std::decay_t<A>>::type;

template <class R> struct value_part { using type = std::tuple<R>; };
template <> struct value_part<void> { using type = std::tuple<>; };

template <class... Ts>
using tuple_cat_t = decltype(std::tuple_cat(std::declval<Ts>()...));

template <class F, class... Args>
using gradient_result_t =
    tuple_cat_t<typename value_part<result_t<F, Args...>>::type,
                adjoint_tuple_t<Args>...>;

template <class R> struct tangent_part { using type = std::tuple<R, R>; };
template <> struct tangent_part<void> { using type = std::tuple<>; };
template <class F, class... Args>
using derivative_result_t = typename tangent_part<result_t<F, Args...>>::type;
} // namespace detail

#ifdef DDX_TRANSFORMING
// Defined (never run) so that lambda targets, whose types have no linkage,
// are accepted while ddx parses.
template <class F, class... Args>
detail::gradient_result_t<F, Args...> gradient(F &&, Args &&...) {
  return {};
}
template <class F, class... Args>
detail::derivative_result_t<F, Args...> derivative(F &&, Args &&...) {
  return {};
}
#else
template <class F, class... Args>
detail::gradient_result_t<F, Args...> gradient(F &&, Args &&...) {
  static_assert(
      detail::always_false<F>,
      "ddx: this ddx::gradient request has not been transformed; "
      "run `ddx <file.cpp> -o <file.ddx.cpp>` and compile the output");
  return {};
}
template <class F, class... Args>
detail::derivative_result_t<F, Args...> derivative(F &&, Args &&...) {
  static_assert(
      detail::always_false<F>,
      "ddx: this ddx::derivative request has not been transformed; "
      "run `ddx <file.cpp> -o <file.ddx.cpp>` and compile the output");
  return {};
}
#endif

} // namespace ddx

#endif // DDX_DDX_HPP
