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
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ddx {

class DiagReporter {
public:
  explicit DiagReporter(clang::DiagnosticsEngine &Engine) : Engine(Engine) {}

  /// A note said after each error or warning reported while the context is
  /// set, after that error's own notes: how ddx got to the code (the call
  /// chain from the user's line), like a compiler's instantiation notes.
  struct ContextNote {
    clang::SourceLocation Loc;
    std::string Message;
  };
  /// The user's call of library code ddx walked into (Message: the library
  /// function): an error met inside the library is said at that call, in
  /// the user's terms, and what the library's source does in a note.
  void setContext(std::vector<ContextNote> Notes,
                  std::optional<ContextNote> LibraryCall = std::nullopt) {
    flushContext();
    Context = std::move(Notes);
    Library = std::move(LibraryCall);
  }
  void clearContext() {
    flushContext();
    Context.clear();
    Library.reset();
  }

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

  /// What ddx reported, for --report.
  struct Record {
    std::string Level, File, Message;
    unsigned Line = 0, Column = 0;
  };
  const std::vector<Record> &records() const { return Records; }
  void setSourceManager(const clang::SourceManager *S) { SM = S; }
  unsigned errorCount() const { return Engine.getNumErrors(); }

private:
  void report(clang::DiagnosticsEngine::Level Level, clang::SourceLocation Loc,
              llvm::StringRef Message) {
    // The same construct can be met while generating several variants of
    // one function: say it once. A note belongs to the error before it, so
    // it is said again (the call chain of a second error) unless that error
    // was not.
    if (Level == clang::DiagnosticsEngine::Note) {
      if (LastDropped)
        return;
    } else if (inLibrary(Loc)) {
      // One error per call of the library function, however many things
      // its source does that ddx cannot differentiate.
      report(Level, Library->Loc,
             "ddx cannot differentiate this call of '" + Library->Message +
                 "': it has no derivative rule, and its library source does "
                 "something ddx cannot differentiate (see the next note)");
      if (!LastDropped)
        emit(clang::DiagnosticsEngine::Note, Loc, Message);
      return;
    } else {
      flushContext(); // the previous error's
      std::string Key = std::to_string(Loc.getRawEncoding()) + ":" +
                        std::to_string(Level) + ":" + Message.str();
      LastDropped = !Reported.insert(Key).second;
      if (LastDropped)
        return;
      ContextPending = !Context.empty();
    }
    emit(Level, Loc, Message);
  }
  void emit(clang::DiagnosticsEngine::Level Level, clang::SourceLocation Loc,
            llvm::StringRef Message) {
    unsigned ID = Engine.getCustomDiagID(Level, "%0");
    Engine.Report(Loc, ID) << Message;
    Record R;
    R.Level = Level == clang::DiagnosticsEngine::Error     ? "error"
              : Level == clang::DiagnosticsEngine::Warning ? "warning"
                                                           : "note";
    R.Message = Message.str();
    if (SM && Loc.isValid()) {
      clang::PresumedLoc P = SM->getPresumedLoc(SM->getExpansionLoc(Loc));
      if (P.isValid()) {
        R.File = P.getFilename();
        R.Line = P.getLine();
        R.Column = P.getColumn();
      }
    }
    Records.push_back(std::move(R));
  }
  bool inLibrary(clang::SourceLocation Loc) const {
    auto InSystemHeader = [&](clang::SourceLocation L) {
      return L.isValid() && SM->isInSystemHeader(SM->getExpansionLoc(L));
    };
    // (A call in a library header itself, a request for a function a
    // system header declares, is no better a place to say it.)
    return Library && SM && InSystemHeader(Loc) &&
           !InSystemHeader(Library->Loc);
  }
  /// The context notes of the last error, once its own notes are out.
  void flushContext() {
    if (!ContextPending)
      return;
    ContextPending = false;
    for (const ContextNote &N : Context)
      emit(clang::DiagnosticsEngine::Note, N.Loc, N.Message);
  }
  std::vector<ContextNote> Context;
  std::optional<ContextNote> Library;
  bool ContextPending = false;
  const clang::SourceManager *SM = nullptr;
  std::vector<Record> Records;

  clang::DiagnosticsEngine &Engine;
  std::set<std::string> Reported;
  bool LastDropped = false;
};

} // namespace ddx

#endif // DDX_SUPPORT_DIAGNOSTICS_H
