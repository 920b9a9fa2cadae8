//===- OutputWriter.cpp ---------------------------------------------------===//
#include "Output/OutputWriter.h"
#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

namespace ddx {

static unsigned countLines(llvm::StringRef Text) { return Text.count('\n'); }

void OutputWriter::replace(unsigned Offset, unsigned Length, std::string Text) {
  unsigned Removed = countLines(Original.substr(Offset, Length));
  unsigned Added = countLines(Text);
  if (Added > Removed) {
    // Keep the following lines where they were: the text is an expression,
    // so its line breaks can become spaces.
    std::replace(Text.begin(), Text.end(), '\n', ' ');
    Added = 0;
  }
  for (; Added < Removed; ++Added)
    Text += "\n";
  Edits.push_back({Offset, Length, std::move(Text), false});
}

void OutputWriter::insertBlock(unsigned Offset, std::string Text) {
  // StringRef::rfind(C, From) looks at positions before From.
  size_t LineEnd = Original.rfind('\n', Offset);
  unsigned Start =
      LineEnd == llvm::StringRef::npos ? 0 : static_cast<unsigned>(LineEnd + 1);
  if (Offset >= Original.size())
    Start = Original.size();
  Edits.push_back({Start, 0, std::move(Text), true});
}

std::string OutputWriter::render() const {
  std::vector<Edit> Sorted = Edits;
  std::stable_sort(
      Sorted.begin(), Sorted.end(),
      [](const Edit &A, const Edit &B) { return A.Offset < B.Offset; });
  std::string Out = Prelude;
  Out += "#line 1 \"" + InputName + "\"\n";
  unsigned OutLine = countLines(Out) + 1; // the line being written
  unsigned Pos = 0;
  auto Copy = [&](llvm::StringRef Text) {
    Out += Text.str();
    OutLine += countLines(Text);
  };
  for (const Edit &E : Sorted) {
    Copy(Original.substr(Pos, E.Offset - Pos));
    Pos = E.Offset;
    if (!E.Block) {
      Copy(E.Text);
      Pos += E.Length;
      continue;
    }
    bool AtLineStart = Out.empty() || Out.back() == '\n';
    if (!AtLineStart)
      Copy("\n");
    unsigned InputLine = countLines(Original.substr(0, Pos)) + 1;
    Copy("#line " + std::to_string(OutLine + 1) + " \"" + OutputName + "\"\n");
    Copy(E.Text);
    if (!E.Text.empty() && E.Text.back() != '\n')
      Copy("\n");
    Copy("#line " + std::to_string(InputLine) + " \"" + InputName + "\"\n");
  }
  Copy(Original.substr(Pos));
  return Out;
}

std::string formatCode(llvm::StringRef Code) {
  clang::format::FormatStyle Style = clang::format::getLLVMStyle();
  clang::tooling::Replacements Fixes = clang::format::reformat(
      Style, Code, {clang::tooling::Range(0, Code.size())}, "<generated>");
  auto Formatted = clang::tooling::applyAllReplacements(Code, Fixes);
  if (!Formatted) {
    llvm::consumeError(Formatted.takeError());
    return Code.str();
  }
  return *Formatted;
}

llvm::Error writeFileAtomically(llvm::StringRef Path,
                                llvm::StringRef Contents) {
  llvm::SmallString<256> Temp;
  int FD;
  llvm::SmallString<256> Model(Path);
  Model += ".tmp-%%%%%%";
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp))
    return llvm::createStringError(EC, "cannot create a file next to '%s': %s",
                                   Path.str().c_str(), EC.message().c_str());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      llvm::sys::fs::remove(Temp);
      return llvm::createStringError(OS.error(), "cannot write '%s': %s",
                                     Path.str().c_str(),
                                     OS.error().message().c_str());
    }
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    return llvm::createStringError(EC, "cannot write '%s': %s",
                                   Path.str().c_str(), EC.message().c_str());
  }
  return llvm::Error::success();
}

} // namespace ddx
