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

TEST(RuleBinder, FloatSuffixedFunctionsHaveTheirOwnRule) {
  Bound B(R"(
    #include <ddx/rules/cmath.hpp>
    #include <math.h>
    void caller(float y) { sinf(y); }
  )");
  ASSERT_EQ(B.Bindings.size(), 1u);
  EXPECT_EQ(B.Bindings[0].K, CallBinding::Kind::Rule);
  EXPECT_EQ(B.Bindings[0].Pushforward, "::ddx::rules::sinf_pushforward");
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
  // On the object being differentiated: differentiated like a function.
  EXPECT_EQ(B.Bindings[0].K, CallBinding::Kind::UserFunction);
  // On another object: a method call.
  EXPECT_EQ(B.Bindings[1].K, CallBinding::Kind::Method);
}

} // namespace
