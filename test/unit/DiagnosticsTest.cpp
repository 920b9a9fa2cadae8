//===- DiagnosticsTest.cpp - DiagReporter ---------------------------------===//
#include "Support/Diagnostics.h"
#include "TestAST.h"

using namespace ddx;
using namespace ddx::test;

namespace {

std::vector<std::string> said(const DiagReporter &R) {
  std::vector<std::string> Out;
  for (const DiagReporter::Record &Rec : R.records())
    Out.push_back(Rec.Level + ": " + Rec.Message);
  return Out;
}

// Each error met while differentiating a callee is followed by its own
// notes and then by the call chain; an error said before (a second variant
// of the same function) is dropped with its notes.
TEST(DiagReporter, ContextNotesFollowEachErrorOnce) {
  TestAST A("int a;\nint b;\n");
  const clang::SourceManager &SM = A.ctx().getSourceManager();
  clang::SourceLocation First = SM.getLocForStartOfFile(SM.getMainFileID());
  clang::SourceLocation Second = First.getLocWithOffset(7);
  DiagReporter R(A.diags());
  R.setContext({{Second, "while differentiating 'g'"}});
  R.error(First, "first");
  R.note(First, "own");
  R.error(Second, "second");
  R.error(First, "first");
  R.note(First, "own");
  R.clearContext();
  R.error(Second, "outside");
  EXPECT_EQ(said(R), (std::vector<std::string>{
                         "error: first", "note: own",
                         "note: while differentiating 'g'", "error: second",
                         "note: while differentiating 'g'", "error: outside"}));
}

} // namespace
