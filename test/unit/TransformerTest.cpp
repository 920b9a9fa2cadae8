//===- TransformerTest.cpp - one translation unit, end to end -------------===//
#include "Driver/Transformer.h"
#include "TestAST.h"

using namespace ddx;
using namespace ddx::test;

namespace {

std::optional<std::string> transform(TestAST &AST) {
  return transformTranslationUnit(AST.ctx(), {"in.cpp", "out.cpp"});
}

TEST(Transformer, WithoutRequestsTheFileIsUnchanged) {
  const char *Code = "double f(double x) { return x * x; }\n";
  TestAST AST(Code);
  std::optional<std::string> Out = transform(AST);
  ASSERT_TRUE(Out);
  EXPECT_EQ(*Out, Code);
}

TEST(Transformer, RewritesARequestAndGeneratesItsFunction) {
  TestAST AST(R"(#include <ddx/ddx.hpp>
#include <ddx/rules/cmath.hpp>
double f(double x, double k) { return k * std::sin(x); }
int main() {
  auto [y, dx] = ddx::gradient(f, ddx::active(1.0), 2.0);
  return 0;
}
)");
  std::optional<std::string> Out = transform(AST);
  ASSERT_TRUE(Out) << AST.Diags.allErrors();
  EXPECT_NE(Out->find("auto [y, dx] = ::ddx_generated::f_grad_x(1.0, 2.0);"),
            std::string::npos)
      << *Out;
  EXPECT_NE(Out->find("namespace ddx_generated {"), std::string::npos);
  EXPECT_NE(Out->find("f_grad_x("), Out->rfind("f_grad_x(")); // decl + def
  EXPECT_NE(Out->find("::ddx::rules::sin_pullback"), std::string::npos);
  EXPECT_NE(Out->find("#line 1 \"in.cpp\""), std::string::npos);
  EXPECT_NE(Out->find("\"out.cpp\""), std::string::npos);
}

TEST(Transformer, ErrorsInTheTargetMeanNoOutput) {
  TestAST AST(R"(#include <ddx/ddx.hpp>
double f(double x) {
  if (x > 0) goto out;
  x = -x;
out:
  return x;
}
void use() { ddx::gradient(f, ddx::active(1.0)); }
)");
  EXPECT_FALSE(transform(AST));
  EXPECT_TRUE(AST.diags().hasErrorOccurred());
}

TEST(Transformer, ActivePointerIsAnError) {
  TestAST AST(R"(#include <ddx/ddx.hpp>
double f(double *p) { return *p * 2; }
void use(double *p) { ddx::gradient(f, ddx::active(p)); }
)");
  EXPECT_FALSE(transform(AST));
  ASSERT_EQ(AST.Diags.Errors.size(), 1u);
  EXPECT_NE(AST.Diags.Errors[0].find("ddx::duplicated"), std::string::npos);
}

} // namespace

namespace {
TEST(TransformerReport, ListsFunctionsSpecialisationsAndDiagnostics) {
  TestAST AST(R"(
    #include <ddx/ddx.hpp>
    #include <functional>
    double apply(std::function<double(double)> f, double x) { return f(x); }
    double model(double k) {
      return apply([k](double x) { return k * x; }, 2.0);
    }
    int main() { auto [y, d] = ddx::gradient(model, ddx::active(1.0)); }
  )");
  nlohmann::json Report;
  ddx::TransformOptions O;
  O.InputName = "in.cpp";
  O.OutputName = "out.cpp";
  O.Report = &Report;
  ASSERT_TRUE(ddx::transformTranslationUnit(AST.ctx(), O).has_value());
  EXPECT_EQ(Report["input"], "in.cpp");
  EXPECT_EQ(Report["output"], "out.cpp");
  bool Specialised = false, Gradient = false;
  for (const auto &F : Report["functions"]) {
    Gradient |= F["mode"] == "gradient";
    for (const auto &S : F["specialised_on"])
      Specialised |= S["parameter"] == "f" && S["callable"].contains("lambda");
  }
  EXPECT_TRUE(Gradient);
  EXPECT_TRUE(Specialised);
  EXPECT_TRUE(Report["diagnostics"].empty());
}
} // namespace

namespace {

// A higher-order library function and its rule (no Boost needed).
const char *SampledMean = R"(#include <ddx/ddx.hpp>
#include <ddx/rule.hpp>
namespace lib {
template <class F> double mean(F f, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += f((i + 0.5) / n);
  return s / n;
}
}
namespace ddx::rules::lib {
template <class F>
::ddx::dual<double> mean_pushforward(DDX_CALLABLE F f, DDX_OPTION int n) {
  ::ddx::dual<double> s{0, 0};
  for (int i = 0; i < n; ++i) {
    auto v = f.pushforward((i + 0.5) / n, 0.0);
    s.value += v.value;
    s.tangent += v.tangent;
  }
  return {s.value / n, s.tangent / n};
}
template <class F>
void mean_pullback(DDX_CALLABLE F f, DDX_OPTION int n, double seed) {
  double dx = 0;
  for (int i = 0; i < n; ++i)
    f.pullback((i + 0.5) / n, seed / n, dx);
}
}
struct Scaled {
  double k;
  double operator()(double x) const { return k * x * x; }
};
double model(double k, double c) {
  return lib::mean([k](double x) { return k * x; }, 4) +
         lib::mean(Scaled{c}, 8);
}
int main() {
  auto [y, dk, dc] = ddx::gradient(model, ddx::active(1.0), ddx::active(2.0));
  auto [y1, tk] = ddx::derivative(model, ddx::dual(1.0, 1.0), 2.0);
  return 0;
}
)";

} // namespace

TEST(Transformer, RuleCallsReceiveGeneratedCallableObjects) {
  TestAST AST(SampledMean);
  std::optional<std::string> Out = transform(AST);
  ASSERT_TRUE(Out) << AST.Diags.allErrors();
  // Forward mode: a dual object of the lambda, carrying k and its tangent.
  EXPECT_NE(Out->find("::ddx::rules::lib::mean_pushforward("),
            std::string::npos)
      << *Out;
  EXPECT_NE(Out->find("_tangent_k_x_callable{k, _d_k}, 4)"), std::string::npos);
  // Reverse mode: an adjoint object of the functor, its members' adjoints
  // through `self`, and the option as it is.
  EXPECT_NE(Out->find("::ddx::rules::lib::mean_pullback("), std::string::npos)
      << *Out;
  // A temporary functor's members get an adjoint temporary.
  EXPECT_NE(Out->find("Scaled_call_reverse_self_x_callable{{c}, _t"),
            std::string::npos);
  EXPECT_NE(Out->find("struct Scaled_call_reverse_self_x_callable {"),
            std::string::npos);
  EXPECT_NE(Out->find("using cotangent_type = ::ddx::cotangent<double, 1>;"),
            std::string::npos);
  // The forward sweep calls the library itself, with a value object.
  EXPECT_NE(Out->find("= ::lib::mean(::ddx_generated::lambda_L"),
            std::string::npos);
  EXPECT_NE(Out->find("_forward_callable{k}, 4)"), std::string::npos);
}

TEST(Transformer, FollowsFunctionPointerFieldsAndVoidPointers) {
  TestAST AST(R"(#include <ddx/ddx.hpp>
struct Fn { double (*function)(double, void *); void *params; };
struct P { double k; };
double g(double x, void *p) { return static_cast<const P *>(p)->k * x; }
double sum(const Fn *F, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) s += (*F->function)(i, F->params);
  return s;
}
double model(double k) {
  P p{k};
  Fn F{&g, &p};
  return sum(&F, 3);
}
void use() { ddx::gradient(model, ddx::active(1.0)); }
)");
  std::optional<std::string> Out = transform(AST);
  ASSERT_TRUE(Out) << AST.Diags.allErrors();
  // The helper is specialised on the field, and calls g's derivative.
  EXPECT_NE(Out->find("sum_of_g_forward_F(&F, &_d_F, 3, _tape)"),
            std::string::npos)
      << *Out;
  EXPECT_NE(Out->find("g_reverse_p(i, F->params, _d_F->params,"),
            std::string::npos);
  // The void* shadow points to the params' shadow, and is read through a
  // cast to the shadow type.
  EXPECT_NE(Out->find("_d_F.params = &_d_p;"), std::string::npos);
  EXPECT_NE(Out->find("static_cast<::P *>(_d_p)"), std::string::npos);
  // No call through the field is left.
  EXPECT_EQ(Out->find("(*F->function)", Out->find("namespace ddx_generated")),
            std::string::npos);
}

TEST(TransformerReport, ListsRuleDispatches) {
  TestAST AST(SampledMean);
  nlohmann::json Report;
  TransformOptions O{"in.cpp", "out.cpp"};
  O.Report = &Report;
  ASSERT_TRUE(transformTranslationUnit(AST.ctx(), O)) << AST.Diags.allErrors();
  ASSERT_TRUE(Report.contains("rule_dispatches"));
  std::set<std::string> Rules, Modes;
  for (const auto &D : Report["rule_dispatches"]) {
    Rules.insert(D["rule"].get<std::string>());
    Modes.insert(D["mode"].get<std::string>());
    EXPECT_EQ(D["options"]["n"].get<std::string>().rfind("folded: ", 0), 0u)
        << D.dump();
  }
  EXPECT_EQ(Rules,
            (std::set<std::string>{"::ddx::rules::lib::mean_pullback",
                                   "::ddx::rules::lib::mean_pushforward"}));
  EXPECT_TRUE(Modes.count("tangent"));
  EXPECT_TRUE(Modes.count("gradient") || Modes.count("reverse-sweep"));
}
