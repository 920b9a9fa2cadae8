//===- ActivityAnalysisTest.cpp - which values carry derivatives ----------===//
#include "Activity/ActivityAnalysis.h"
#include "TestAST.h"

using namespace ddx;
using namespace ddx::test;

namespace {

/// Lowers Name from Code, seeds the named parameters and runs the analysis.
struct Analysed : LoweredFunction {
  Analysed(llvm::StringRef Code, llvm::StringRef Name,
           std::vector<llvm::StringRef> Seeds)
      : LoweredFunction(Code, Name) {
    if (!IR)
      return;
    Printer = std::make_unique<ExprPrinter>(AST.ctx(), *IR, Reporter);
    Activity = std::make_unique<ActivityAnalysis>(*IR, *Printer);
    for (llvm::StringRef S : Seeds) {
      EXPECT_GE(var(S), 0) << "no variable " << S.str();
      Activity->seed(var(S));
    }
    Activity->run();
  }
  bool varied(llvm::StringRef Name) const {
    int V = var(Name);
    EXPECT_GE(V, 0) << "no variable " << Name.str();
    return Activity->isVaried(V);
  }
  std::unique_ptr<ExprPrinter> Printer;
  std::unique_ptr<ActivityAnalysis> Activity;
};

TEST(ActivityAnalysis, SeedMakesDependentsVaried) {
  Analysed A(R"(
    double f(double x, double c) {
      double y = x * 2;
      double z = c * 3;
      double w = y + z;
      return w;
    })",
             "f", {"x"});
  ASSERT_TRUE(A.IR);
  EXPECT_TRUE(A.varied("x"));
  EXPECT_TRUE(A.varied("y"));
  EXPECT_TRUE(A.varied("w"));
  EXPECT_TRUE(A.Activity->isVaried(A.IR->ReturnVar));
  // Independent of x.
  EXPECT_FALSE(A.varied("c"));
  EXPECT_FALSE(A.varied("z"));
}

TEST(ActivityAnalysis, NothingIsVariedWithoutASeed) {
  Analysed A(R"(
    double f(double x) {
      double y = x * x;
      return y;
    })",
             "f", {});
  ASSERT_TRUE(A.IR);
  for (size_t V = 0; V < A.IR->Vars.size(); ++V)
    EXPECT_FALSE(A.Activity->isVaried(static_cast<int>(V)))
        << A.IR->Vars[V].Name;
}

TEST(ActivityAnalysis, IntegerVariablesAreNeverVaried) {
  Analysed A(R"(
    double f(double x) {
      int k = x;
      long m = k + 1;
      double y = k * x;
      return y;
    })",
             "f", {"x"});
  ASSERT_TRUE(A.IR);
  EXPECT_FALSE(A.varied("k"));
  EXPECT_FALSE(A.varied("m"));
  EXPECT_TRUE(A.varied("y"));
}

TEST(ActivityAnalysis, ReachesAFixpointAcrossLoopIterations) {
  // z reads y before y is written in the body: only a second pass sees it.
  Analysed A(R"(
    double f(double x, int n) {
      double y = 0, z = 0;
      for (int i = 0; i < n; ++i) {
        z = y;
        y = x;
      }
      return z;
    })",
             "f", {"x"});
  ASSERT_TRUE(A.IR);
  EXPECT_TRUE(A.varied("y"));
  EXPECT_TRUE(A.varied("z"));
  EXPECT_FALSE(A.varied("i"));
}

TEST(ActivityAnalysis, ValuesReadOnlyForAnIntegerAreDead) {
  // lo and hi depend on x, but only a convergence test (an int) reads
  // them: they need no derivative. y reaches the result.
  Analysed A(R"(
    int converged(double lo, double hi) { return hi - lo < 1e-9; }
    double f(double x) {
      double y = 1, lo = 0, hi = x;
      int done = 0;
      while (!done) {
        y = (lo + hi) / 2;
        hi = y;
        lo = x / 4;
        done = converged(lo, hi);
      }
      return y * x;
    })",
             "f", {"x"});
  ASSERT_TRUE(A.IR);
  EXPECT_TRUE(A.varied("y"));
  EXPECT_TRUE(A.varied("hi")); // read for y too
  EXPECT_TRUE(A.varied("lo"));
  // (A library's test, declared only: one of the user's is differentiated
  // whatever its result, for what it may store elsewhere.)
  Analysed B(R"(
    int converged(double lo, double hi);
    double f(double x) {
      double y = x * x, lo = x / 4, hi = x;
      int done = converged(lo, hi);
      return done ? y : 2 * y;
    })",
             "f", {"x"});
  ASSERT_TRUE(B.IR);
  EXPECT_TRUE(B.varied("y"));
  EXPECT_FALSE(B.varied("lo"));
  EXPECT_FALSE(B.varied("hi"));
}

TEST(ActivityAnalysis, FlowsThroughExtractedCallTemps) {
  Analysed A(R"(
    double sq(double v) { return v * v; }
    double f(double x, double c) {
      double y = sq(x);
      double z = sq(c);
      return y + z;
    })",
             "f", {"x"});
  ASSERT_TRUE(A.IR);
  ASSERT_EQ(kinds(A.IR->Body), "Call Assign Call Assign Assign");
  int ActiveTemp = A.IR->Body[0].Var;
  int InactiveTemp = A.IR->Body[2].Var;
  EXPECT_TRUE(A.Activity->isVaried(ActiveTemp));
  EXPECT_FALSE(A.Activity->isVaried(InactiveTemp));
  EXPECT_TRUE(A.varied("y"));
  EXPECT_FALSE(A.varied("z"));
  // The call expression itself reads as its temp.
  EXPECT_TRUE(A.Activity->isVaried(A.IR->Body[0].Call));
  EXPECT_FALSE(A.Activity->isVaried(A.IR->Body[2].Call));
}

TEST(ActivityAnalysis, ElementWritesMakeTheArrayVaried) {
  Analysed A(R"(
    double f(double x) {
      double a[3];
      double b[3];
      a[1] = x;
      b[1] = 2;
      double s = a[0];
      double t = b[0];
      return s + t;
    })",
             "f", {"x"});
  ASSERT_TRUE(A.IR);
  EXPECT_TRUE(A.varied("a"));
  EXPECT_TRUE(A.varied("s")); // element-insensitive: all of a is varied
  EXPECT_FALSE(A.varied("b"));
  EXPECT_FALSE(A.varied("t"));
}

TEST(ActivityAnalysis, WritesThroughPointerArgumentsOfCalls) {
  Analysed A(R"(
    void store(double *out, double v) { *out = v; }
    void peek(const double *in, double v) {}
    double f(double x) {
      double y = 0, z = 0;
      store(&y, x);
      peek(&z, x);
      return y + z;
    })",
             "f", {"x"});
  ASSERT_TRUE(A.IR);
  EXPECT_TRUE(A.varied("y"));
  EXPECT_FALSE(A.varied("z")); // passed as pointer to const
}

TEST(ActivityAnalysis, StructMembersVaryTheWholeStruct) {
  Analysed A(R"(
    struct P { double a, b; int n; };
    double f(double x) {
      P p = {0, 0, 1};
      p.a = x;
      return p.b;
    })",
             "f", {"x"});
  ASSERT_TRUE(A.IR);
  EXPECT_TRUE(A.varied("p"));
  EXPECT_TRUE(A.Activity->isVaried(A.IR->ReturnVar));
}

/// The type of the global variable Name.
clang::QualType typeOfVar(TestAST &AST, llvm::StringRef Name) {
  using namespace clang::ast_matchers;
  auto *VD = AST.find<clang::VarDecl>(varDecl(hasName(Name)));
  EXPECT_NE(VD, nullptr) << Name.str();
  return VD ? VD->getType() : clang::QualType();
}

TEST(ActivityAnalysis, DifferentiableTypes) {
  TestAST AST(R"(
    #include <array>
    struct WithDouble { int n; double v; };
    struct OnlyInts { int a, b; };
    double d; float f; int i; double *pd; int *pi; double arr[3];
    WithDouble wd; OnlyInts oi; std::array<double, 2> sa; std::array<int, 2> ia;
  )");
  auto typeOf = [&](llvm::StringRef Name) { return typeOfVar(AST, Name); };
  EXPECT_TRUE(isDifferentiableType(typeOf("d")));
  EXPECT_TRUE(isDifferentiableType(typeOf("f")));
  EXPECT_FALSE(isDifferentiableType(typeOf("i")));
  EXPECT_TRUE(isDifferentiableType(typeOf("pd")));
  EXPECT_FALSE(isDifferentiableType(typeOf("pi")));
  EXPECT_TRUE(isDifferentiableType(typeOf("arr")));
  EXPECT_TRUE(isDifferentiableType(typeOf("wd")));
  EXPECT_FALSE(isDifferentiableType(typeOf("oi")));
  EXPECT_TRUE(isDifferentiableType(typeOf("sa")));
  EXPECT_FALSE(isDifferentiableType(typeOf("ia")));
}

TEST(ActivityAnalysis, VoidPointersAndStructsHoldingThem) {
  TestAST AST(R"(
    struct Fn { double (*function)(double, void *); void *params; };
    struct Plain { double v; };
    void *vp; Fn fn; Plain plain; double (*fp)(double);
  )");
  auto typeOf = [&](llvm::StringRef Name) { return typeOfVar(AST, Name); };
  // A void* may point to active memory: the context of a gsl_function.
  EXPECT_TRUE(isDifferentiableType(typeOf("vp")));
  EXPECT_TRUE(isDifferentiableType(typeOf("fn")));
  EXPECT_TRUE(holdsPointers(typeOf("fn")));
  EXPECT_FALSE(holdsPointers(typeOf("plain")));
  EXPECT_FALSE(isDifferentiableType(typeOf("fp")));
}

} // namespace
