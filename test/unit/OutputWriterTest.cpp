//===- OutputWriterTest.cpp - the transformed translation unit ------------===//
#include "Output/OutputWriter.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>
#include <set>

using namespace ddx;

namespace {

std::vector<std::string> lines(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  Text.split(Parts, '\n');
  if (!Parts.empty() && Parts.back().empty())
    Parts.pop_back(); // after the final newline
  return {Parts.begin(), Parts.end()};
}

/// Follows the #line directives of Rendered like a compiler would and
/// returns every line whose position they report wrongly: a line attributed
/// to the input must be that line of Original (unless listed in Changed), a
/// line attributed to the output must be at that line of Rendered.
std::vector<std::string> misplacedLines(llvm::StringRef Rendered,
                                        llvm::StringRef Original,
                                        std::set<unsigned> Changed = {}) {
  std::vector<std::string> In = lines(Original), Out = lines(Rendered);
  std::vector<std::string> Wrong;
  std::string File = "";
  unsigned Line = 0; // the reported number of the next line
  for (unsigned Physical = 1; Physical <= Out.size(); ++Physical) {
    llvm::StringRef Text = Out[Physical - 1];
    if (Text.consume_front("#line ")) {
      auto [Number, Name] = Text.split(' ');
      EXPECT_FALSE(Number.getAsInteger(10, Line)) << Text.str();
      File = Name.trim('"').str();
      continue;
    }
    unsigned Reported = Line++;
    if (File == "in.cpp") {
      if (Changed.count(Reported))
        continue;
      if (Reported == 0 || Reported > In.size() || In[Reported - 1] != Text)
        Wrong.push_back("in.cpp:" + std::to_string(Reported) + ": " +
                        Text.str());
    } else if (File == "out.cpp") {
      if (Reported != Physical)
        Wrong.push_back("out.cpp:" + std::to_string(Reported) + " is line " +
                        std::to_string(Physical) + ": " + Text.str());
    }
    // Lines before the first directive (the prelude) are not checked.
  }
  return Wrong;
}

TEST(OutputWriter, WithoutEditsRendersTheOriginal) {
  std::string Original = "int a;\nint b;\n";
  OutputWriter W(Original, "in.cpp", "out.cpp");
  EXPECT_EQ(W.render(), "#line 1 \"in.cpp\"\n" + Original);
}

TEST(OutputWriter, ReplaceWithinALine) {
  std::string Original = "int a = old(1);\nint b;\n";
  OutputWriter W(Original, "in.cpp", "out.cpp");
  W.replace(Original.find("old"), 6, "fresh(2)");
  EXPECT_EQ(W.render(), "#line 1 \"in.cpp\"\nint a = fresh(2);\nint b;\n");
}

TEST(OutputWriter, MultiLineReplacementKeepsTheLineCount) {
  std::string Original = "int a = f(1,\n          2,\n          3);\nint b;\n";
  OutputWriter W(Original, "in.cpp", "out.cpp");
  unsigned Begin = Original.find("f(");
  unsigned End = Original.find(");") + 1;
  W.replace(Begin, End - Begin, "g(1, 2, 3)");
  std::string Out = W.render();
  EXPECT_EQ(Out, "#line 1 \"in.cpp\"\nint a = g(1, 2, 3)\n\n;\nint b;\n");
  EXPECT_EQ(lines(Out).size(), lines(Original).size() + 1); // + #line
  EXPECT_EQ(lines(Out).back(), "int b;");
  EXPECT_TRUE(misplacedLines(Out, Original, {1, 2, 3}).empty());
}

TEST(OutputWriter, ReplacementWithMoreLinesKeepsTheLineCount) {
  std::string Original = "a = f(1);\nb;\n";
  OutputWriter W(Original, "in.cpp", "out.cpp");
  W.replace(4, 4, "g(\n1)");
  std::string Out = W.render();
  EXPECT_EQ(Out, "#line 1 \"in.cpp\"\na = g( 1);\nb;\n");
  EXPECT_TRUE(misplacedLines(Out, Original, {1}).empty());
}

TEST(OutputWriter, PreludeComesFirst) {
  std::string Original = "int a;\n";
  OutputWriter W(Original, "in.cpp", "out.cpp");
  W.setPrelude("#include <x.hpp>\n#include <y.hpp>\n");
  EXPECT_EQ(W.render(), "#include <x.hpp>\n#include <y.hpp>\n"
                        "#line 1 \"in.cpp\"\nint a;\n");
}

TEST(OutputWriter, BlockGoesAtTheStartOfItsLineFramedByLineDirectives) {
  std::string Original = "int a;\nint b;\nint c;\n";
  OutputWriter W(Original, "in.cpp", "out.cpp");
  W.insertBlock(Original.find("b;"), "int gen1;\nint gen2;\n");
  EXPECT_EQ(W.render(), "#line 1 \"in.cpp\"\n"  // 1
                        "int a;\n"              // 2
                        "#line 4 \"out.cpp\"\n" // 3
                        "int gen1;\n"           // 4
                        "int gen2;\n"           // 5
                        "#line 2 \"in.cpp\"\n"  // 6
                        "int b;\n"
                        "int c;\n");
}

TEST(OutputWriter, BlockAtTheEndOfAFileWithoutFinalNewline) {
  std::string Original = "int a;\nint b;";
  OutputWriter W(Original, "in.cpp", "out.cpp");
  W.insertBlock(Original.size(), "int gen;");
  std::string Out = W.render();
  EXPECT_EQ(Out.substr(0, Out.find("int gen;\n") + 9),
            "#line 1 \"in.cpp\"\nint a;\nint b;\n#line 5 \"out.cpp\"\n"
            "int gen;\n");
  EXPECT_TRUE(misplacedLines(Out, Original).empty());
}

TEST(OutputWriter, LineDirectivesStayRightWithManyEdits) {
  std::string Original = "// header\n"
                         "double f(double x) { return x; }\n"
                         "int main() {\n"
                         "  auto r = ddx::gradient(f,\n"
                         "                         ddx::active(1.0));\n"
                         "  return 0;\n"
                         "}\n";
  OutputWriter W(Original, "in.cpp", "out.cpp");
  W.setPrelude("// generated\n#include <ddx/ddx.hpp>\n");
  unsigned Begin = Original.find("ddx::gradient");
  unsigned End = Original.find("));") + 2;
  W.replace(Begin, End - Begin, "::ddx_generated::f_grad_x(1.0)");
  W.insertBlock(Original.find("int main"), "namespace g {\nvoid decl();\n}\n");
  W.insertBlock(Original.size(), "namespace g {\nvoid decl() {}\n}\n");
  std::string Out = W.render();
  std::vector<std::string> Wrong = misplacedLines(Out, Original, {4, 5});
  EXPECT_TRUE(Wrong.empty()) << llvm::join(Wrong, "\n") << "\n" << Out;
  EXPECT_NE(Out.find("auto r = ::ddx_generated::f_grad_x(1.0)\n"),
            std::string::npos);
}

TEST(FormatCode, FormatsInLLVMStyle) {
  std::string Formatted = formatCode("namespace n{double f(double x){return "
                                     "x*x;}}");
  EXPECT_EQ(Formatted, "namespace n {\n"
                       "double f(double x) { return x * x; }\n"
                       "} // namespace n");
  EXPECT_EQ(formatCode(Formatted), Formatted); // idempotent
}

TEST(WriteFileAtomically, WritesAndReplaces) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ddx-unit", Dir));
  llvm::SmallString<128> Path(Dir);
  llvm::sys::path::append(Path, "out.cpp");
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Path, "first\n")));
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Path, "second\n")));
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  ASSERT_TRUE(bool(Buffer));
  EXPECT_EQ((*Buffer)->getBuffer(), "second\n");
  // Nothing but the file is left behind.
  std::error_code EC;
  unsigned Entries = 0;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), E; It != E && !EC;
       It.increment(EC))
    ++Entries;
  EXPECT_EQ(Entries, 1u);
  llvm::sys::fs::remove_directories(Dir);
}

TEST(WriteFileAtomically, MissingDirectoryIsAnError) {
  llvm::Error E = writeFileAtomically("/nonexistent-ddx-dir/out.cpp", "x");
  EXPECT_TRUE(bool(E));
  llvm::consumeError(std::move(E));
}

} // namespace
