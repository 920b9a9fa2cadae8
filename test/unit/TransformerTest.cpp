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
  EXPECT_NE(Out->find("::ddx::rules::sin_pushforward"), std::string::npos);
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
