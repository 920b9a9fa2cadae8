//===- DiffPlanTest.cpp - the derivative functions a TU needs -------------===//
#include "Plan/DiffPlan.h"
#include "Emit/FunctionAssembler.h"
#include "TestAST.h"

using namespace ddx;
using namespace ddx::test;

namespace {

constexpr ParamActivity A = ParamActivity::Active;
constexpr ParamActivity I = ParamActivity::Inactive;
constexpr ParamActivity D = ParamActivity::Duplicated;

class DiffPlanTest : public ::testing::Test {
protected:
  DiffPlanTest()
      : AST(R"(
          double f(double x, double y) { return x * y; }
          namespace other { double f(double x, double y) { return x + y; } }
          struct Functor {
            double operator()(double x, double y) const { return x - y; }
          };
          auto lambda = [](double x, double y) { return x / y; };
        )") {}

  Target function(llvm::StringRef QualifiedName) {
    using namespace clang::ast_matchers;
    auto *FD = AST.find<clang::FunctionDecl>(
        functionDecl(hasName(QualifiedName), isDefinition()));
    EXPECT_NE(FD, nullptr) << QualifiedName.str();
    return Target{FD, nullptr};
  }

  TestAST AST;
  DiffPlan Plan;
  std::vector<std::string> XY{"x", "y"};
};

TEST_F(DiffPlanTest, SameKeyReturnsTheSameInstance) {
  Target F = function("::f");
  const Instance &First = Plan.get(F, Mode::Tangent, {A, I}, XY);
  const Instance &Again = Plan.get(F, Mode::Tangent, {A, I}, XY);
  EXPECT_EQ(&First, &Again);
  EXPECT_EQ(First.Name, Again.Name);
  EXPECT_EQ(Plan.instances().size(), 1u);
}

TEST_F(DiffPlanTest, NameSaysFunctionModeAndActiveParams) {
  Target F = function("::f");
  EXPECT_EQ(Plan.get(F, Mode::Tangent, {A, I}, XY).Name, "f_tangent_x");
  EXPECT_EQ(Plan.get(F, Mode::Gradient, {A, A}, XY).Name, "f_grad_x_y");
  EXPECT_EQ(Plan.get(F, Mode::ForwardSweep, {I, D}, XY).Name, "f_forward_y");
  EXPECT_EQ(Plan.get(F, Mode::ReverseSweep, {I, D}, XY).Name, "f_reverse_y");
  EXPECT_EQ(Plan.get(F, Mode::Derivative, {I, I}, XY).Name, "f_deriv");
}

TEST_F(DiffPlanTest, DifferentActivityGivesADifferentInstance) {
  Target F = function("::f");
  const Instance &X = Plan.get(F, Mode::Tangent, {A, I}, XY);
  const Instance &Y = Plan.get(F, Mode::Tangent, {I, A}, XY);
  EXPECT_NE(&X, &Y);
  EXPECT_NE(X.Name, Y.Name);
  EXPECT_EQ(X.Activity, (std::vector<ParamActivity>{A, I}));
  EXPECT_EQ(Y.Activity, (std::vector<ParamActivity>{I, A}));
}

TEST_F(DiffPlanTest, NamesAreUniqueEvenWhenTheyWouldCollide) {
  // Active and duplicated spell the same; two functions share a name.
  Target F = function("::f");
  Target G = function("::other::f");
  std::set<std::string> Names;
  Names.insert(Plan.get(F, Mode::Tangent, {A, I}, XY).Name);
  Names.insert(Plan.get(F, Mode::Tangent, {D, I}, XY).Name);
  Names.insert(Plan.get(G, Mode::Tangent, {A, I}, XY).Name);
  Names.insert(Plan.get(G, Mode::Tangent, {D, I}, XY).Name);
  EXPECT_EQ(Plan.instances().size(), 4u);
  EXPECT_EQ(Names.size(), 4u);
}

TEST_F(DiffPlanTest, NextHandsOutInstancesInOrderOnce) {
  Target F = function("::f");
  const Instance &First = Plan.get(F, Mode::Gradient, {A, A}, XY);
  const Instance &Second = Plan.get(F, Mode::ForwardSweep, {A, A}, XY);
  EXPECT_EQ(Plan.next(), &First);
  // Requested while generating (a callee's sweep): queued at the end.
  const Instance &Third = Plan.get(F, Mode::ReverseSweep, {A, A}, XY);
  Plan.get(F, Mode::Gradient, {A, A}, XY); // already planned: not queued
  EXPECT_EQ(Plan.next(), &Second);
  EXPECT_EQ(Plan.next(), &Third);
  EXPECT_EQ(Plan.next(), nullptr);
  EXPECT_EQ(Plan.next(), nullptr);
}

TEST_F(DiffPlanTest, CallsAndRequestsAreRecordedPerInstance) {
  Target F = function("::f"), G = function("::other::f");
  const Instance &Entry = Plan.get(F, Mode::Gradient, {A, A}, XY);
  EXPECT_EQ(Plan.next(), &Entry);
  const Instance &Sweep = Plan.get(F, Mode::ForwardSweep, {A, A}, XY);
  Plan.get(F, Mode::ForwardSweep, {A, A}, XY); // a second call site
  const Instance &Tangent = Plan.get(G, Mode::Tangent, {A, I}, XY);
  EXPECT_EQ(Plan.callees(Entry),
            (llvm::ArrayRef<const Instance *>{&Sweep, &Tangent}));
  EXPECT_TRUE(Plan.callees(Sweep).empty());
  EXPECT_EQ(Plan.requests(Entry), 1u);
  EXPECT_EQ(Plan.requests(Sweep), 2u);
  EXPECT_EQ(Plan.requests(Tangent), 1u);
}

/// Which of an entry's callees are forced inline: S is short, W is called
/// once and calls R, which is short and, when Recursive, calls itself.
static llvm::DenseSet<const Instance *>
forcedInPlan(DiffPlan &Plan, Target F, Target G,
             const std::vector<std::string> &XY, bool Recursive,
             std::vector<const Instance *> &SWR) {
  const Instance &Entry = Plan.get(F, Mode::Gradient, {A, A}, XY);
  Plan.next();
  const Instance &S = Plan.get(F, Mode::ForwardSweep, {A, A}, XY);
  Plan.get(F, Mode::ForwardSweep, {A, A}, XY);
  const Instance &W = Plan.get(G, Mode::Tangent, {A, I}, XY);
  Plan.next(); // S
  Plan.next(); // W
  const Instance &R = Plan.get(F, Mode::ReverseSweep, {A, A}, XY);
  Plan.next(); // R
  if (Recursive)
    Plan.get(F, Mode::ReverseSweep, {A, A}, XY);
  SWR = {&S, &W, &R};
  std::map<const Instance *, GeneratedFunction> Generated;
  Generated[&Entry].Short = true; // (an entry is never forced)
  Generated[&S].Callee = Generated[&S].Short = true;
  Generated[&W].Callee = true;
  Generated[&R].Callee = Generated[&R].Short = true;
  return forcedInlines(Plan, [&](const Instance &I) {
    return Generated.count(&I) ? &Generated[&I] : nullptr;
  });
}

TEST_F(DiffPlanTest, ForcedInlinesAreShortOrCalledOnceAndNeverRecurse) {
  std::vector<const Instance *> SWR;
  llvm::DenseSet<const Instance *> Forced =
      forcedInPlan(Plan, function("::f"), function("::other::f"), XY,
                   /*Recursive=*/false, SWR);
  EXPECT_EQ(Forced, (llvm::DenseSet<const Instance *>{SWR[0], SWR[1], SWR[2]}));
}

TEST_F(DiffPlanTest, RecursionIsNotForcedInlineNorWhatCallsIt) {
  std::vector<const Instance *> SWR;
  llvm::DenseSet<const Instance *> Forced =
      forcedInPlan(Plan, function("::f"), function("::other::f"), XY,
                   /*Recursive=*/true, SWR);
  EXPECT_EQ(Forced, (llvm::DenseSet<const Instance *>{SWR[0]}));
}

TEST_F(DiffPlanTest, FunctorAndLambdaNames) {
  using namespace clang::ast_matchers;
  auto *Call = AST.find<clang::CXXMethodDecl>(
      cxxMethodDecl(hasName("operator()"), ofClass(hasName("Functor"))));
  ASSERT_NE(Call, nullptr);
  EXPECT_EQ(Plan.get({Call, nullptr}, Mode::Tangent, {A, I}, XY).Name,
            "Functor_call_tangent_x");

  auto *Lambda = AST.find<clang::LambdaExpr>(lambdaExpr());
  ASSERT_NE(Lambda, nullptr);
  // Named by the lambda's line (line 7 of the snippet).
  EXPECT_EQ(
      Plan.get({Lambda->getCallOperator(), Lambda}, Mode::Gradient, {A, I}, XY)
          .Name,
      "lambda_L7_grad_x");
}

} // namespace
