//===- RuleBinderTest.cpp - what a call in differentiated code becomes ----===//
#include "TestAST.h"

using namespace ddx;
using namespace ddx::test;
using namespace clang::ast_matchers;

namespace {

/// Binds the calls made in function `caller` of Code, in source order.
struct Bound {
  explicit Bound(llvm::StringRef Code) : AST(Code), Rules(AST.ctx()) {
    for (const clang::CallExpr *Call : AST.findAll<clang::CallExpr>(
             callExpr(hasAncestor(functionDecl(hasName("caller"))))))
      Bindings.push_back(Rules.bind(Call));
  }
  TestAST AST;
  RuleBinder Rules;
  std::vector<CallBinding> Bindings;
};

TEST(RuleBinder, CmathCallsBindToTheirRule) {
  Bound B(R"(
    #include <ddx/rules/cmath.hpp>
    #include <math.h>
    void caller(double x, float y) {
      std::sin(x);
      ::sin(x);
      std::sin(y);
      std::exp(x);
    })");
  ASSERT_EQ(B.Bindings.size(), 4u);
  for (int I : {0, 1, 2}) {
    EXPECT_EQ(B.Bindings[I].K, CallBinding::Kind::Rule) << "call " << I;
    EXPECT_EQ(B.Bindings[I].Pushforward, "::ddx::rules::sin_pushforward")
        << "call " << I;
  }
  EXPECT_EQ(B.Bindings[3].K, CallBinding::Kind::Rule);
  EXPECT_EQ(B.Bindings[3].Pushforward, "::ddx::rules::exp_pushforward");
}

TEST(RuleBinder, SuffixedCLibrarySpellingsShareThePlainRule) {
  Bound B(R"(
    #include <ddx/rules/cmath.hpp>
    #include <math.h>
    void caller(float y, long double z) {
      sinf(y);
      sinl(z);
      modff(y, &y);
    })");
  // Instantiated on the spelling's type: printed arguments lack the
  // conversions to it.
  ASSERT_EQ(B.Bindings.size(), 3u);
  EXPECT_EQ(B.Bindings[0].Pushforward, "::ddx::rules::sin_pushforward<float>");
  EXPECT_EQ(B.Bindings[1].Pushforward,
            "::ddx::rules::sin_pushforward<long double>");
  EXPECT_EQ(B.Bindings[2].Pushforward, "::ddx::rules::modf_pushforward<float>");
  EXPECT_EQ(B.Bindings[2].Pullback, "::ddx::rules::modf_pullback<float>");
}

TEST(RuleBinder, OnlyAFloatOrLongDoubleSuffixIsDropped) {
  // `modf` ends in `f` but takes a double: it is not `mod`; a user's C
  // function ending in `f` on a double keeps its own name.
  Bound B(R"(
    #include <ddx/rules/cmath.hpp>
    extern "C" double pulsef(double);
    namespace ddx::rules {
    inline double pulse_pushforward(double v, double dv) { return dv; }
    }
    void caller(double x) { pulsef(x); }
  )");
  ASSERT_EQ(B.Bindings.size(), 1u);
  EXPECT_NE(B.Bindings[0].K, CallBinding::Kind::Rule);
}

TEST(RuleBinder, RulesInNestedNamespacesFollowTheCalleesNamespace) {
  Bound B(R"(
    namespace phys { double drag(double v); }
    namespace ddx::rules::phys {
    inline double drag_pushforward(double v, double dv) { return 2 * v * dv; }
    }
    void caller(double x) { phys::drag(x); }
  )");
  ASSERT_EQ(B.Bindings.size(), 1u);
  EXPECT_EQ(B.Bindings[0].K, CallBinding::Kind::Rule);
  EXPECT_EQ(B.Bindings[0].Pushforward, "::ddx::rules::phys::drag_pushforward");
}

TEST(RuleBinder, WithoutTheRulesHeaderNothingIsARule) {
  Bound B(R"(
    #include <cmath>
    void caller(double x) { std::sin(x); }
  )");
  ASSERT_EQ(B.Bindings.size(), 1u);
  EXPECT_NE(B.Bindings[0].K, CallBinding::Kind::Rule);
}

TEST(RuleBinder, DefinedFunctionIsAUserFunction) {
  Bound B(R"(
    double sq(double v);
    void caller(double x) { sq(x); }
    double sq(double v) { return v * v; }
  )");
  ASSERT_EQ(B.Bindings.size(), 1u);
  EXPECT_EQ(B.Bindings[0].K, CallBinding::Kind::UserFunction);
  ASSERT_NE(B.Bindings[0].Callee, nullptr);
  // The callee is the definition, even though the call names the declaration.
  EXPECT_TRUE(B.Bindings[0].Callee->doesThisDeclarationHaveABody());
  EXPECT_EQ(B.Bindings[0].Callee->getName(), "sq");
}

TEST(RuleBinder, DeclaredOnlyFunctionIsOpaque) {
  Bound B(R"(
    double mystery(double v);
    void caller(double x) { mystery(x); }
  )");
  ASSERT_EQ(B.Bindings.size(), 1u);
  EXPECT_EQ(B.Bindings[0].K, CallBinding::Kind::Opaque);
  EXPECT_TRUE(B.Bindings[0].Pushforward.empty());
}

TEST(RuleBinder, MethodCalls) {
  Bound B(R"(
    struct S {
      double k;
      double scale(double v) const { return k * v; }
      double caller(double x) const { return scale(x); }
    };
    void caller(const S &s, double x) { s.scale(x); }
  )");
  ASSERT_EQ(B.Bindings.size(), 2u);
  // On the object being differentiated, and on another object: a user
  // class's member is differentiated like a function taking `self`.
  EXPECT_EQ(B.Bindings[0].K, CallBinding::Kind::UserFunction);
  EXPECT_EQ(B.Bindings[1].K, CallBinding::Kind::UserFunction);
}

TEST(RuleBinder, VirtualAndStandardMembersStayMethodCalls) {
  Bound B(R"(
    namespace std { struct box { double get() const { return 1; } }; }
    struct Base { virtual double f(double v) const { return v; } };
    struct Util { static double twice(double v) { return 2 * v; } };
    void caller(const Base &b, const std::box &x, double v) {
      b.f(v);
      x.get();
      Util::twice(v);
    }
  )");
  ASSERT_EQ(B.Bindings.size(), 3u);
  EXPECT_EQ(B.Bindings[0].K, CallBinding::Kind::Method);
  EXPECT_EQ(B.Bindings[1].K, CallBinding::Kind::Method);
  // A static member is a free function.
  EXPECT_EQ(B.Bindings[2].K, CallBinding::Kind::UserFunction);
}

} // namespace

namespace {

// A library with a higher-order static member of a class template and a
// non-static member, and their rules, for the tests below.
const char *HigherOrderLibrary = R"(
  #include <ddx/rule.hpp>
  namespace lib {
  template <class T, int N, class P = void> struct quad {
    template <class F> static T integrate(F f, T a, T b, T tol = 1e-8,
                                          T *err = nullptr) {
      return f(a) * (b - a) + tol * (err != nullptr);
    }
    template <class F> T solve(F f, T x0) const { return x0 - f(x0); }
  };
  }
  namespace ddx::rules::lib {
  template <class T, int N, class P = void> struct quad {
    template <class F>
    static ::ddx::dual<T> integrate_pushforward(DDX_CALLABLE F f, T a, T b,
        DDX_OPTION T tol, DDX_OPTION T *err, ::ddx::tangent_t<T> da,
        ::ddx::tangent_t<T> db);
    template <class F>
    static void integrate_pullback(DDX_CALLABLE F f, T a, T b,
        DDX_OPTION T tol, DDX_OPTION T *err, T seed, T &da, T &db);
    template <class F>
    static T solve_pushforward(const ::lib::quad<T, N, P> &self,
        DDX_CALLABLE F f, T x0, T dx0);
  };
  }
)";

} // namespace

TEST(RuleBinder, StaticMemberOfAClassTemplateBindsToItsMirror) {
  Bound B(std::string(HigherOrderLibrary) + R"(
    void caller(double k) {
      lib::quad<double, 15>::integrate([k](double x) { return k * x; }, 0.0,
                                       1.0);
    })");
  ASSERT_GE(B.Bindings.size(), 1u);
  const CallBinding &Q = B.Bindings[0];
  EXPECT_EQ(Q.K, CallBinding::Kind::Rule);
  // The call's own template arguments, the defaulted one left out.
  EXPECT_EQ(Q.Pushforward,
            "::ddx::rules::lib::quad<double, 15>::integrate_pushforward");
  EXPECT_EQ(Q.Pullback,
            "::ddx::rules::lib::quad<double, 15>::integrate_pullback");
  EXPECT_TRUE(Q.ReturnsDual);
  EXPECT_FALSE(Q.OnObject);
  std::vector<ParamRole> Expected = {
      ParamRole::Callable, ParamRole::Differentiable, ParamRole::Differentiable,
      ParamRole::Option, ParamRole::Option};
  EXPECT_EQ(Q.Roles, Expected);
  EXPECT_TRUE(Q.isStatementRule());
}

TEST(RuleBinder, NonStaticMemberRuleTakesTheObjectFirst) {
  Bound B(std::string(HigherOrderLibrary) + R"(
    void caller(double k) {
      lib::quad<double, 7> q;
      q.solve([k](double x) { return x - k; }, 1.0);
    })");
  ASSERT_GE(B.Bindings.size(), 1u);
  const CallBinding &S = B.Bindings[0];
  EXPECT_EQ(S.K, CallBinding::Kind::Rule);
  EXPECT_TRUE(S.OnObject);
  EXPECT_TRUE(S.Pullback.empty());
  std::vector<ParamRole> Expected = {ParamRole::Callable,
                                     ParamRole::Differentiable};
  EXPECT_EQ(S.Roles, Expected);
  EXPECT_FALSE(S.ReturnsDual);
}

TEST(RuleBinder, OverloadsAreToldApartByTheirParameterCount) {
  Bound B(R"(
    #include <ddx/rule.hpp>
    namespace lib {
    template <class F> double mean(F f, double *l1) { return f(0.0) + !l1; }
    template <class F> double mean(F f, double a, double b, double *l1) {
      return f(a) + b + !l1;
    }
    }
    namespace ddx::rules::lib {
    template <class F> ::ddx::dual<double> mean_pushforward(
        DDX_CALLABLE F f, double a, double b, DDX_OPTION double *l1,
        double da, double db);
    template <class F> ::ddx::dual<double> mean_pushforward(
        DDX_CALLABLE F f, DDX_OPTION double *l1);
    }
    void caller(double k) {
      auto f = [k](double x) { return k * x; };
      lib::mean(f, nullptr);
      lib::mean(f, 0.0, 1.0, nullptr);
    })");
  ASSERT_GE(B.Bindings.size(), 2u);
  std::vector<ParamRole> Short = {ParamRole::Callable, ParamRole::Option};
  std::vector<ParamRole> Long = {ParamRole::Callable, ParamRole::Differentiable,
                                 ParamRole::Differentiable, ParamRole::Option};
  EXPECT_EQ(B.Bindings[0].Roles, Short);
  EXPECT_EQ(B.Bindings[1].Roles, Long);
}

TEST(RuleBinder, APushforwardAloneIsNoStatementRule) {
  Bound B(R"(
    #include <ddx/rules/cmath.hpp>
    void caller(double x) { std::log(x); }
  )");
  ASSERT_EQ(B.Bindings.size(), 1u);
  EXPECT_FALSE(B.Bindings[0].isStatementRule());
}

TEST(RuleBinder, TheRealExpRecordsItsValueAndTheComplexExpDoesNot) {
  Bound B(R"(
    #include <ddx/rules/cmath.hpp>
    #include <ddx/rules/complex.hpp>
    void caller(double x, std::complex<double> z) { std::exp(x); std::exp(z); }
  )");
  ASSERT_EQ(B.Bindings.size(), 2u);
  // (Instantiated on the callee's type: the value is computed in it.)
  EXPECT_EQ(B.Bindings[0].Forward, "::ddx::rules::exp_forward<double>");
  EXPECT_EQ(B.Bindings[0].Pullback, "::ddx::rules::exp_pullback<double>");
  // (The complex exp's pullback conjugates the derivative: it takes no
  // record of the real rule's.)
  EXPECT_TRUE(B.Bindings[1].Forward.empty());
  EXPECT_EQ(B.Bindings[1].Pullback, "::ddx::rules::exp_pullback");
}

TEST(RuleBinder, IteratorParametersOfTheNumericRulesAreRanges) {
  Bound B(R"(
    #include <numeric>
    #include <vector>
    #include <ddx/rules/numeric.hpp>
    double caller(std::vector<double> &v, std::vector<double> &out) {
      double s = std::accumulate(v.begin(), v.end(), 0.0,
                                 [](double a, double x) { return a + x; });
      std::partial_sum(v.begin(), v.end(), out.begin());
      return s + std::reduce(v.begin(), v.end());
    })");
  std::vector<std::vector<ParamRole>> Roles;
  for (const CallBinding &Binding : B.Bindings)
    if (Binding.K == CallBinding::Kind::Rule)
      Roles.push_back(Binding.Roles);
  ASSERT_EQ(Roles.size(), 3u);
  using R = ParamRole;
  EXPECT_TRUE(llvm::is_contained(
      Roles, std::vector<R>{R::Range, R::Range, R::Differentiable,
                            R::Callable})); // accumulate with an operation
  EXPECT_TRUE(
      llvm::is_contained(Roles, std::vector<R>{R::Range, R::Range,
                                               R::OutputRange})); // partial_sum
  EXPECT_TRUE(
      llvm::is_contained(Roles, std::vector<R>{R::Range, R::Range})); // reduce
}

TEST(RuleBinder, OperatorsOfANamespaceBindToRulesNamedInWords) {
  Bound B(R"(
    #include <ddx/rule.hpp>
    namespace lib {
    struct Q { double v; };
    Q operator*(Q a, double b) { return {a.v * b}; }
    }
    struct V { double v; };
    V operator*(V a, double b) { return {a.v * b}; }
    namespace ddx::rules::lib {
    ::lib::Q operator_times_pushforward(::lib::Q, double, ::lib::Q, double);
    }
    namespace ddx::rules {
    // (What the std rules would be: never a global operator's.)
    template <class T> T operator_times_pushforward(T, double, T, double);
    }
    void caller(lib::Q q, V v, double k) {
      q * k;
      v * k;
    })");
  ASSERT_EQ(B.Bindings.size(), 2u);
  EXPECT_EQ(B.Bindings[0].K, CallBinding::Kind::Rule);
  EXPECT_EQ(B.Bindings[0].Pushforward,
            "::ddx::rules::lib::operator_times_pushforward");
  EXPECT_EQ(B.Bindings[1].K, CallBinding::Kind::UserFunction);
}

namespace {
TEST(RuleBinder, SetUpCallsBindAHandleAndReadsTakeItsCallable) {
  Bound B(R"(
    #include <ddx/rule.hpp>
    extern "C" {
    struct fn { double (*function)(double, void *); void *params; };
    struct fnn { double (*f)(double, void *); double (*df)(double, void *);
                 void *params; };
    struct solver;
    int solver_set(solver *s, fn *f, double lo, double hi);
    int solver_set_fdf(solver *s, fnn *f, double x0);
    int solver_iterate(solver *s);
    double solver_root(const solver *s);
    }
    namespace ddx::rules {
    int solver_set_binds(DDX_HANDLE solver *, DDX_CALLABLE fn *,
                         DDX_OPTION double, DDX_OPTION double);
    int solver_set_fdf_binds(DDX_HANDLE solver *, DDX_CALLABLE_FIELD(f) fnn *,
                             DDX_OPTION double);
    template <class F> ::ddx::dual<double>
    solver_root_pushforward(DDX_BOUND F f, DDX_HANDLE const solver *s);
    inline ::ddx::recorded<double, double>
    solver_root_forward(DDX_HANDLE const solver *s);
    template <class F> void solver_root_pullback(double x, DDX_BOUND F f,
        DDX_HANDLE const solver *s, double seed);
    }
    void caller(solver *s, fn *f, fnn *g) {
      solver_set(s, f, 0.0, 1.0);
      solver_set_fdf(s, g, 0.5);
      solver_iterate(s);
      solver_root(s);
    })");
  ASSERT_EQ(B.Bindings.size(), 4u);
  std::vector<ParamRole> SetUp = {ParamRole::Handle, ParamRole::Callable,
                                  ParamRole::Option, ParamRole::Option};
  EXPECT_EQ(B.Bindings[0].K, CallBinding::Kind::Binder);
  EXPECT_EQ(B.Bindings[0].Roles, SetUp);
  EXPECT_EQ(B.Bindings[0].CallableField, "");
  EXPECT_EQ(B.Bindings[1].K, CallBinding::Kind::Binder);
  EXPECT_EQ(B.Bindings[1].CallableField, "f");
  // The library's other calls on the handle are its own.
  EXPECT_EQ(B.Bindings[2].K, CallBinding::Kind::Opaque);
  // A read takes the handle's callable first, and records its point.
  const CallBinding &Read = B.Bindings[3];
  EXPECT_EQ(Read.K, CallBinding::Kind::Rule);
  EXPECT_TRUE(Read.Bound);
  EXPECT_EQ(Read.Roles, std::vector<ParamRole>{ParamRole::Handle});
  EXPECT_EQ(Read.Forward, "::ddx::rules::solver_root_forward");
  EXPECT_EQ(Read.Pullback, "::ddx::rules::solver_root_pullback");
  EXPECT_TRUE(Read.ReturnsDual);
  EXPECT_TRUE(Read.isStatementRule());
}
} // namespace

TEST(RuleBinder, InOrderIsPerCallableParameter) {
  // An ODE solver calls its system more often to differentiate it, and its
  // observer as the library does: only the observer may write captures.
  Bound B(R"(
    #include <ddx/rule.hpp>
    struct State { double v[2]; };
    namespace lib {
    void solve(double (*s)(double), State &x, void (*o)(double));
    }
    namespace ddx::rules::lib {
    template <class S, class O>
    void solve_pushforward(DDX_CALLABLE S s, DDX_OUTPUT_RANGE State &x,
                           DDX_CALLABLE DDX_IN_ORDER O o, State &dx);
    }
    double system(double v);
    void observe(double v);
    void caller(State &x) { lib::solve(system, x, observe); })");
  ASSERT_EQ(B.Bindings.size(), 1u);
  EXPECT_EQ(B.Bindings[0].K, CallBinding::Kind::Rule);
  EXPECT_EQ(B.Bindings[0].InOrder, (std::vector<bool>{false, false, true}));
}

TEST(RuleBinder, AnAllocationMayReturnItsHandleAndNameItsChoices) {
  // A driver's allocation returns the handle it sets up (DDX_HANDLE on the
  // declaration itself) and takes a stepper that must be one of those
  // named (DDX_ONE_OF), an option otherwise.
  Bound B(R"(
    #include <ddx/rule.hpp>
    extern "C" {
    struct sys { int (*function)(double, const double *, double *, void *);
                 void *params; };
    struct kind;
    struct driver;
    extern const kind *fast, *slow;
    driver *driver_new(const sys *s, const kind *k, double h);
    }
    namespace ddx::rules {
    DDX_HANDLE driver *driver_new_binds(DDX_CALLABLE_FIELD(function)
                                            const sys *s,
                                        DDX_ONE_OF("fast") const kind *k,
                                        DDX_OPTION double h);
    }
    void caller(const sys *s) { driver_new(s, fast, 0.1); })");
  ASSERT_EQ(B.Bindings.size(), 1u);
  const CallBinding &New = B.Bindings[0];
  EXPECT_EQ(New.K, CallBinding::Kind::Binder);
  EXPECT_TRUE(New.ReturnsHandle);
  EXPECT_EQ(New.Roles,
            (std::vector<ParamRole>{ParamRole::Callable, ParamRole::Option,
                                    ParamRole::Option}));
  EXPECT_EQ(New.OneOf, (std::vector<std::string>{"", "fast", ""}));
  EXPECT_EQ(New.CallableField, "function");
}
