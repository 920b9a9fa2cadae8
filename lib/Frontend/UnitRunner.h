//===- UnitRunner.h - one source through parse and transformation -*- C++
//-*-===//
//
// Transforms one source on its own ClangTool, so that sources can run on
// several threads: its diagnostics are collected rather than printed, and
// everything it produces (the text, the report entry, the files it read)
// comes back in a UnitResult. A source that never mentions ddx cannot hold
// a request and is passed through without being parsed.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_FRONTEND_UNITRUNNER_H
#define DDX_FRONTEND_UNITRUNNER_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ddx {

/// What every unit of a run shares (read-only, so threads can share it).
struct UnitSetup {
  const clang::tooling::CompilationDatabase *Database = nullptr;
  clang::tooling::ArgumentsAdjuster Flags;
  std::string RuleSuffix;   ///< appended to each source for the parse
  std::string RuleIncludes; ///< the same includes, for the output
  /// The flags of the check that the output compiles (parsed in place of
  /// the source before anything is written); none: no check.
  clang::tooling::ArgumentsAdjuster VerifyFlags;
};

struct UnitResult {
  std::optional<std::string> Text; ///< the output; none after errors
  bool PassedThrough = false;      ///< no request possible: copied as is
  bool Crashed = false;
  /// The generated text does not compile (an internal error): no Text.
  bool OutputInvalid = false;
  int ToolStatus = 0; ///< ClangTool::run's: 0, 1 (errors) or 2 (skipped)
  nlohmann::json Report;
  std::string Diagnostics;               ///< as the compiler prints them
  std::vector<std::string> Dependencies; ///< every file read
};

/// A path made absolute, without "." and ".." components.
std::string cleanAbsolute(llvm::StringRef Path);

/// Transforms Source (whose text is Contents) for output OutputName.
UnitResult runUnit(const UnitSetup &Setup, const std::string &Source,
                   std::string Contents, const std::string &OutputName);

} // namespace ddx

#endif // DDX_FRONTEND_UNITRUNNER_H
