//===- Diagnostics.h - ddx messages through Clang's engine ------*- C++ -*-===//
//
// Every message ddx prints about the user's code goes through Clang's
// DiagnosticsEngine, so it looks like a compiler message: file:line:col, the
// source line and a caret.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_SUPPORT_DIAGNOSTICS_H
#define DDX_SUPPORT_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <set>
#include <string>

namespace ddx {

class DiagReporter {
public:
  explicit DiagReporter(clang::DiagnosticsEngine &Engine) : Engine(Engine) {}

  void error(clang::SourceLocation Loc, llvm::StringRef Message) {
    report(clang::DiagnosticsEngine::Error, Loc, Message);
  }
  void warning(clang::SourceLocation Loc, llvm::StringRef Message) {
    report(clang::DiagnosticsEngine::Warning, Loc, Message);
  }
  void note(clang::SourceLocation Loc, llvm::StringRef Message) {
    report(clang::DiagnosticsEngine::Note, Loc, Message);
  }
  bool hasErrors() const { return Engine.hasErrorOccurred(); }
  unsigned errorCount() const { return Engine.getNumErrors(); }

private:
  void report(clang::DiagnosticsEngine::Level Level, clang::SourceLocation Loc,
              llvm::StringRef Message) {
    // The same construct can be met while generating several variants of
    // one function: say it once.
    std::string Key = std::to_string(Loc.getRawEncoding()) + ":" +
                      std::to_string(Level) + ":" + Message.str();
    if (!Reported.insert(Key).second)
      return;
    unsigned ID = Engine.getCustomDiagID(Level, "%0");
    Engine.Report(Loc, ID) << Message;
  }

  clang::DiagnosticsEngine &Engine;
  std::set<std::string> Reported;
};

} // namespace ddx

#endif // DDX_SUPPORT_DIAGNOSTICS_H
