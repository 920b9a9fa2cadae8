//===- DepFileTest.cpp - Makefile-syntax dependency files -----------------===//
#include "Frontend/DepFile.h"
#include "TestAST.h"

using namespace ddx;
using namespace ddx::test;

namespace {

TEST(DepFile, TargetThenOnePrerequisitePerLine) {
  EXPECT_EQ(depFileText("out/a.cpp", {"/src/a.cpp", "/inc/b.hpp"}),
            "out/a.cpp: \\\n  /src/a.cpp \\\n  /inc/b.hpp\n");
}

TEST(DepFile, EscapesWhatMakeTreatsSpecially) {
  EXPECT_EQ(depFileText("o.cpp", {"/my dir/a#1$.h"}),
            "o.cpp: \\\n  /my\\ dir/a\\#1$$.h\n");
}

TEST(DepFile, ListsEveryFileTheParseReadOnceAndSorted) {
  TestAST AST(R"(#include <ddx/ddx.hpp>
#include <ddx/ddx.hpp>
double f(double x) { return x; }
)");
  std::vector<std::string> Files = filesRead(AST.ctx().getSourceManager());
  EXPECT_TRUE(std::is_sorted(Files.begin(), Files.end()));
  EXPECT_EQ(std::adjacent_find(Files.begin(), Files.end()), Files.end());
  auto Has = [&](llvm::StringRef Suffix) {
    return llvm::any_of(Files, [&](const std::string &F) {
      return llvm::StringRef(F).ends_with(Suffix);
    });
  };
  EXPECT_TRUE(Has("/include/ddx/ddx.hpp"));
}

} // namespace
