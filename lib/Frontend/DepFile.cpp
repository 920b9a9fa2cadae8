//===- DepFile.cpp --------------------------------------------------------===//
#include "Frontend/DepFile.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace ddx {

std::vector<std::string> filesRead(const clang::SourceManager &SM) {
  std::vector<std::string> Files;
  for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End;
       ++It) {
    // The real path, through the parse's own file system (a relative name
    // is relative to the compile command's directory), because "a/../b"
    // is only b when a is not a symbolic link (g++ found as /bin/g++ names
    // /bin/../lib/gcc/... on merged-/usr).
    Files.emplace_back(SM.getFileManager().getCanonicalName(It->first));
  }
  llvm::sort(Files);
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return Files;
}

/// A path as make reads it: spaces and '#' escaped with '\', '$' doubled.
static std::string escape(llvm::StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (C == ' ' || C == '#')
      Out += '\\';
    else if (C == '$')
      Out += '$';
    Out += C;
  }
  return Out;
}

std::string depFileText(llvm::StringRef Target,
                        llvm::ArrayRef<std::string> Prerequisites) {
  std::string Text = escape(Target) + ":";
  for (const std::string &P : Prerequisites)
    Text += " \\\n  " + escape(P);
  return Text + "\n";
}

} // namespace ddx
