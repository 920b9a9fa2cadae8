//===- RequestFinderTest.cpp - ddx::gradient and ddx::derivative calls ----===//
#include "Requests/RequestFinder.h"
#include "Requests/TemplateKey.h"
#include "Support/ExprPrinter.h"
#include "TestAST.h"

using namespace ddx;
using namespace ddx::test;

namespace {

const char *Prelude = R"(
  #include <ddx/ddx.hpp>
  double f(double x, double y) { return x * y; }
  void h(double *p, double x) { *p = x; }
  struct Functor {
    double k;
    double operator()(double x) const { return k * x; }
  };
)";

/// The requests found in Prelude + Body.
struct Found {
  explicit Found(llvm::StringRef Body)
      : AST(std::string(Prelude) + Body.str()), Reporter(AST.diags()) {
    Requests = RequestFinder(AST.ctx(), Reporter).find();
  }
  /// The name a request argument's primal (or E) refers to.
  static std::string nameOf(const clang::Expr *E) {
    auto *Ref = llvm::dyn_cast_or_null<clang::DeclRefExpr>(skipImplicit(E));
    return Ref ? Ref->getDecl()->getNameAsString() : "<not a name>";
  }
  static std::string primalName(const RequestArg &A) {
    return nameOf(A.Primal);
  }
  TestAST AST;
  DiagReporter Reporter;
  std::vector<Request> Requests;
};

TEST(RequestFinder, FindsRequestsInSourceOrder) {
  Found F(R"(
    void use(double x, double y) {
      auto g = ddx::gradient(f, ddx::active(x), y);
      auto d = ddx::derivative(f, ddx::dual(x, 1.0), y);
      f(x, y); // not a request
    })");
  ASSERT_EQ(F.Requests.size(), 2u);
  EXPECT_TRUE(F.Requests[0].Gradient);
  EXPECT_FALSE(F.Requests[1].Gradient);
  for (const Request &R : F.Requests) {
    ASSERT_NE(R.What.Function, nullptr);
    EXPECT_EQ(R.What.Function->getName(), "f");
    EXPECT_EQ(R.What.Lambda, nullptr);
    EXPECT_EQ(R.Object, nullptr);
    EXPECT_EQ(R.Args.size(), 2u);
  }
  EXPECT_FALSE(F.AST.diags().hasErrorOccurred());
}

TEST(RequestFinder, ClassifiesGradientArguments) {
  Found F(R"(
    void use(double x, double y, double *p, double *dp) {
      ddx::gradient(f, ddx::active(x), ddx::constant(y));
      ddx::gradient(f, x, y);
      ddx::gradient(h, ddx::duplicated(p, dp), ddx::active(x));
    })");
  ASSERT_EQ(F.Requests.size(), 3u);
  const auto &A = F.Requests[0].Args;
  EXPECT_EQ(A[0].K, RequestArg::Kind::Active);
  EXPECT_EQ(F.primalName(A[0]), "x");
  EXPECT_EQ(A[1].K, RequestArg::Kind::Constant);
  EXPECT_EQ(F.primalName(A[1]), "y");
  EXPECT_EQ(A[1].Shadow, nullptr);

  const auto &Plain = F.Requests[1].Args;
  EXPECT_EQ(Plain[0].K, RequestArg::Kind::Plain);
  EXPECT_EQ(Plain[1].K, RequestArg::Kind::Plain);
  EXPECT_EQ(F.primalName(Plain[1]), "y");

  const auto &Dup = F.Requests[2].Args;
  ASSERT_EQ(Dup.size(), 2u);
  EXPECT_EQ(Dup[0].K, RequestArg::Kind::Duplicated);
  EXPECT_EQ(F.primalName(Dup[0]), "p");
  EXPECT_EQ(Found::nameOf(Dup[0].Shadow), "dp");
  EXPECT_EQ(Dup[1].K, RequestArg::Kind::Active);
}

TEST(RequestFinder, ClassifiesDualWithItsTangent) {
  Found F(R"(
    void use(double x, double y, double dx) {
      ddx::derivative(f, ddx::dual(x, dx), ddx::constant(y));
      ddx::derivative(f, ddx::dual<double>(x, 1.0), y);
    })");
  ASSERT_EQ(F.Requests.size(), 2u);
  for (const Request &R : F.Requests) {
    EXPECT_EQ(R.Args[0].K, RequestArg::Kind::Dual);
    EXPECT_EQ(F.primalName(R.Args[0]), "x");
    EXPECT_NE(R.Args[0].Shadow, nullptr);
  }
  EXPECT_EQ(Found::nameOf(F.Requests[0].Args[0].Shadow), "dx");
  EXPECT_EQ(F.Requests[0].Args[1].K, RequestArg::Kind::Constant);
  EXPECT_EQ(F.Requests[1].Args[1].K, RequestArg::Kind::Plain);
}

TEST(RequestFinder, ResolvesFunctionsByNameOrAddress) {
  Found F(R"(
    namespace ns { double g(double x) { return x; } }
    void use(double x) {
      ddx::gradient(&f, ddx::active(x), 1.0);
      ddx::gradient(ns::g, ddx::active(x));
    })");
  ASSERT_EQ(F.Requests.size(), 2u);
  EXPECT_EQ(F.Requests[0].What.Function->getName(), "f");
  EXPECT_EQ(F.Requests[1].What.Function->getQualifiedNameAsString(), "ns::g");
}

TEST(RequestFinder, ResolvesLambdas) {
  Found F(R"(
    void use(double x, double k) {
      auto sq = [k](double v) { return k * v * v; };
      ddx::gradient(sq, ddx::active(x));
      ddx::gradient([](double v) { return 2 * v; }, ddx::active(x));
    })");
  ASSERT_EQ(F.Requests.size(), 2u);
  auto Lambdas =
      F.AST.findAll<clang::LambdaExpr>(clang::ast_matchers::lambdaExpr());
  ASSERT_EQ(Lambdas.size(), 2u);

  const Request &Named = F.Requests[0];
  EXPECT_EQ(Named.What.Lambda, Lambdas[0]);
  EXPECT_EQ(Named.What.Function, Lambdas[0]->getCallOperator());
  ASSERT_NE(Named.Object, nullptr); // the variable `sq`
  EXPECT_TRUE(llvm::isa<clang::DeclRefExpr>(skipImplicit(Named.Object)));

  const Request &Inline = F.Requests[1];
  EXPECT_EQ(Inline.What.Lambda, Lambdas[1]);
  EXPECT_EQ(Inline.What.Function, Lambdas[1]->getCallOperator());
  EXPECT_EQ(Inline.Object, nullptr);
}

TEST(RequestFinder, ResolvesFunctors) {
  Found F(R"(
    void use(double x) {
      Functor fn{2.0};
      ddx::gradient(fn, ddx::active(x));
    })");
  ASSERT_EQ(F.Requests.size(), 1u);
  const Request &R = F.Requests[0];
  EXPECT_EQ(R.What.Lambda, nullptr);
  auto *Call = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(R.What.Function);
  ASSERT_NE(Call, nullptr);
  EXPECT_EQ(Call->getOverloadedOperator(), clang::OO_Call);
  EXPECT_EQ(Call->getParent()->getName(), "Functor");
  ASSERT_NE(R.Object, nullptr);
  auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(skipImplicit(R.Object));
  ASSERT_NE(Ref, nullptr);
  EXPECT_EQ(Ref->getDecl()->getName(), "fn");
}

TEST(RequestFinder, DualInAGradientIsAnError) {
  Found F(R"(
    void use(double x, double y) {
      ddx::gradient(f, ddx::dual(x, 1.0), y);
      ddx::gradient(f, ddx::active(x), y);
    })");
  // The malformed request is reported and left out; the other is kept.
  ASSERT_EQ(F.Requests.size(), 1u);
  EXPECT_EQ(F.Requests[0].Args[0].K, RequestArg::Kind::Active);
  EXPECT_TRUE(F.AST.diags().hasErrorOccurred());
  ASSERT_EQ(F.AST.Diags.Errors.size(), 1u);
  EXPECT_NE(F.AST.Diags.Errors[0].find("ddx::dual"), std::string::npos);
}

TEST(RequestFinder, ActiveInADerivativeIsAnError) {
  Found F(R"(
    void use(double x, double y) {
      ddx::derivative(f, ddx::active(x), y);
    })");
  EXPECT_TRUE(F.Requests.empty());
  ASSERT_EQ(F.AST.Diags.Errors.size(), 1u);
  EXPECT_NE(F.AST.Diags.Errors[0].find("ddx::active"), std::string::npos);
}

TEST(RequestFinder, UnresolvableTargetsAreErrors) {
  Found F(R"(
    auto make() { return [](double v) { return v; }; }
    void use(double x, double (*fp)(double, double)) {
      auto l = make();
      ddx::gradient(l, ddx::active(x));
      ddx::gradient(fp, ddx::active(x), x);
    })");
  EXPECT_TRUE(F.Requests.empty());
  ASSERT_EQ(F.AST.Diags.Errors.size(), 2u);
  EXPECT_NE(F.AST.Diags.Errors[0].find("which lambda"), std::string::npos);
  EXPECT_NE(F.AST.Diags.Errors[1].find("cannot resolve"), std::string::npos);
}

TEST(RequestFinder, NoRequestsNoErrors) {
  Found F("double use(double x) { return f(x, x); }");
  EXPECT_TRUE(F.Requests.empty());
  EXPECT_FALSE(F.AST.diags().hasErrorOccurred());
}

TEST(RequestFinder, FindsRequestsInEachInstantiationOfATemplate) {
  Found F(R"(
    template <int N> double power(double x) { return N * x; }
    template <class T, int... Ns> double slope(T x) {
      auto [y, d] = ddx::gradient(power<sizeof...(Ns)>, ddx::active(x));
      return d;
    }
    template <class T> double never(T x) {
      auto [y, d] = ddx::gradient(f, ddx::active(x), x);
      return d;
    }
    double use() { return slope<double, 1, 2>(1.0) + slope<float, 3>(2.0f); })");
  ASSERT_EQ(F.Requests.size(), 2u);
  EXPECT_FALSE(F.AST.diags().hasErrorOccurred());
  std::vector<std::string> Keys;
  for (const Request &R : F.Requests) {
    ASSERT_NE(R.In, nullptr);
    EXPECT_EQ(R.In->getName(), "slope");
    llvm::Expected<TemplateKey> Key = templateKeyOf(R.In);
    ASSERT_TRUE(bool(Key)) << llvm::toString(Key.takeError());
    EXPECT_EQ(Key->AtRequest,
              "T, ::std::tuple<::std::integral_constant<decltype(Ns), Ns>...>");
    Keys.push_back(Key->Instance);
  }
  EXPECT_EQ(Keys[0], "double, ::std::tuple<::std::integral_constant<int, 1>, "
                     "::std::integral_constant<int, 2>>");
  EXPECT_EQ(Keys[1], "float, ::std::tuple<::std::integral_constant<int, 3>>");
}

TEST(RequestFinder, KeysOfGenericLambdasCannotBeSpelled) {
  Found F(R"(
    double use() {
      auto g = [](auto x) {
        auto [y, d] = ddx::gradient(f, ddx::active(x), 1.0);
        return d;
      };
      return g(1.0);
    })");
  ASSERT_EQ(F.Requests.size(), 1u);
  llvm::Expected<TemplateKey> Key = templateKeyOf(F.Requests[0].In);
  ASSERT_FALSE(bool(Key));
  EXPECT_NE(llvm::toString(Key.takeError()).find("generic lambda"),
            std::string::npos);
}

} // namespace
