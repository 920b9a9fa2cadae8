//===- TestAST.h - parsing snippets for the unit tests ----------*- C++ -*-===//
//
// TestAST parses a snippet of C++ the way ddx parses a translation unit
// (DDX_TRANSFORMING defined, the request and rule headers on the include
// path) and collects every diagnostic, so tests can check what a stage
// reported. LoweredFunction runs Lowering on one function of a snippet.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_TEST_UNIT_TESTAST_H
#define DDX_TEST_UNIT_TESTAST_H

#include "IR/FunctionIR.h"
#include "Lowering/Lowering.h"
#include "Rules/RuleBinder.h"
#include "Support/Diagnostics.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include <gtest/gtest.h>
#include <memory>
#include <set>
#include <string>
#include <vector>

// Set by test/unit/CMakeLists.txt from the source tree and the cache.
#ifndef DDX_TEST_INCLUDE_DIR
#error "DDX_TEST_INCLUDE_DIR must be defined by the build"
#endif

namespace ddx::test {

/// Keeps the text of every diagnostic, by severity.
class DiagCollector : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(Level, Info); // counts
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    if (Level >= clang::DiagnosticsEngine::Error)
      Errors.push_back(std::string(Text));
    else if (Level == clang::DiagnosticsEngine::Warning)
      Warnings.push_back(std::string(Text));
  }
  std::string allErrors() const {
    std::string All;
    for (const std::string &E : Errors)
      All += E + "\n";
    return All;
  }
  std::vector<std::string> Errors, Warnings;
};

inline std::vector<std::string> parseArgs() {
  return {"-std=c++17",
          "-DDDX_TRANSFORMING=1",
          "-Wno-unused-command-line-argument",
          "-I" DDX_TEST_INCLUDE_DIR,
          "-I" DDX_TEST_RULES_DIR,
          "-resource-dir=" DDX_TEST_RESOURCE_DIR};
}

/// A parsed snippet. Parse errors fail the current test.
class TestAST {
public:
  explicit TestAST(llvm::StringRef Code) {
    AST = clang::tooling::buildASTFromCodeWithArgs(
        Code, parseArgs(), "input.cc", "clang-tool",
        std::make_shared<clang::PCHContainerOperations>(),
        clang::tooling::getClangStripDependencyFileAdjuster(),
        clang::tooling::FileContentMappings(), &Diags);
    EXPECT_TRUE(AST) << "the snippet did not parse";
    EXPECT_EQ(Diags.getNumErrors(), 0u) << Diags.allErrors();
    // What the stages report from now on is what the tests check.
    Diags.Errors.clear();
    Diags.Warnings.clear();
    Diags.clear();
    if (AST)
      diags().Reset(/*soft=*/true);
  }
  TestAST(const TestAST &) = delete;
  TestAST &operator=(const TestAST &) = delete;

  clang::ASTContext &ctx() { return AST->getASTContext(); }
  clang::DiagnosticsEngine &diags() { return ctx().getDiagnostics(); }

  /// The first node of type T matching M, or null.
  template <typename T, typename MatcherT> const T *find(const MatcherT &M) {
    auto Found = clang::ast_matchers::match(M.bind("node"), ctx());
    return Found.empty() ? nullptr
                         : Found.front().template getNodeAs<T>("node");
  }
  /// Every node of type T matching M, in traversal order.
  template <typename T, typename MatcherT>
  std::vector<const T *> findAll(const MatcherT &M) {
    std::vector<const T *> Nodes;
    for (const auto &B : clang::ast_matchers::match(M.bind("node"), ctx()))
      Nodes.push_back(B.template getNodeAs<T>("node"));
    return Nodes;
  }
  /// The function named Name (its definition if there is one).
  const clang::FunctionDecl *function(llvm::StringRef Name) {
    using namespace clang::ast_matchers;
    if (auto *Def = find<clang::FunctionDecl>(
            functionDecl(hasName(Name), isDefinition())))
      return Def;
    return find<clang::FunctionDecl>(functionDecl(hasName(Name)));
  }

  DiagCollector Diags; // declared first: outlives the AST
  std::unique_ptr<clang::ASTUnit> AST;
};

/// A snippet with one function lowered to FunctionIR.
struct LoweredFunction {
  LoweredFunction(llvm::StringRef Code, llvm::StringRef Name)
      : AST(Code), Reporter(AST.diags()), Rules(AST.ctx()) {
    const clang::FunctionDecl *FD = AST.function(Name);
    EXPECT_NE(FD, nullptr) << "no function " << Name.str();
    if (FD)
      IR = Lowering(AST.ctx(), Rules, Reporter).lower(FD);
  }

  /// The index of the variable with hoisted name Name, or -1.
  int var(llvm::StringRef Name) const {
    for (size_t I = 0; IR && I < IR->Vars.size(); ++I)
      if (IR->Vars[I].Name == Name)
        return static_cast<int>(I);
    return -1;
  }
  /// The names of the variables of kind K, in order.
  std::vector<std::string> varsOfKind(Variable::Kind K) const {
    std::vector<std::string> Names;
    for (const Variable &V : IR->Vars)
      if (V.K == K)
        Names.push_back(V.Name);
    return Names;
  }

  TestAST AST;
  DiagReporter Reporter;
  RuleBinder Rules;
  std::unique_ptr<FunctionIR> IR;
};

/// The kinds of a block's statements, e.g. "Assign Loop Assign".
inline std::string kinds(const Block &B) {
  std::string Text;
  for (const Stmt &S : B) {
    if (!Text.empty())
      Text += " ";
    switch (S.K) {
    case Stmt::Kind::Assign:
      Text += "Assign";
      break;
    case Stmt::Kind::Call:
      Text += "Call";
      break;
    case Stmt::Kind::Eval:
      Text += "Eval";
      break;
    case Stmt::Kind::If:
      Text += "If";
      break;
    case Stmt::Kind::Loop:
      Text += "Loop";
      break;
    case Stmt::Kind::Raw:
      Text += "Raw";
      break;
    }
  }
  return Text;
}

} // namespace ddx::test

#endif // DDX_TEST_UNIT_TESTAST_H
