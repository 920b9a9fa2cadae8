//===- Frontend.h - running ddx over source files ---------------*- C++ -*-===//
//
// LibTooling setup: the compilation database (from -p, from the arguments
// after --, or found next to the source), the flags ddx adds to every parse
// (its headers, its rules, Clang's builtin headers), the sources spread over
// -j threads (one AST each), and the atomic writing of each output, depfile
// and report, in the order of the sources whatever the threads did.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_FRONTEND_FRONTEND_H
#define DDX_FRONTEND_FRONTEND_H

#include <optional>
#include <string>
#include <vector>

namespace ddx {

/// Exit statuses, as documented in the README.
enum ExitStatus : int {
  ExitSuccess = 0,
  ExitUserError = 1, ///< a problem in the user's code
  ExitUsage = 2,     ///< bad usage: options, missing files
  ExitInternal = 3   ///< a bug in ddx, reported as such
};

struct ToolOptions {
  std::vector<std::string> Sources;
  bool AllFiles = false; ///< --all: every file of the compilation database
  std::string Output;    ///< -o: the output for a single source
  std::string OutDir;    ///< --out-dir
  /// Outputs under --out-dir mirror the sources' paths relative to this
  /// directory (default: the current one).
  std::string SourceRoot;
  std::string BuildPath;     ///< -p: where compile_commands.json is
  std::string ReportPath;    ///< --report: a JSON account of the transformation
  bool WriteDepFile = false; ///< -MD
  std::string DepFile;       ///< -MF: for a single source
  unsigned Jobs = 1;         ///< -j: sources transformed in parallel
  /// A progress line and a summary on standard error (when a terminal).
  bool Progress = false;
  std::optional<std::vector<std::string>> CompilerArgs; ///< after --
  std::string IncludeDir;            ///< holds ddx/ddx.hpp and ddx/tape.hpp
  std::string RulesDir;              ///< holds ddx/rules/*.hpp
  std::string ResourceDir;           ///< Clang's resource directory
  std::vector<std::string> RuleDirs; ///< --rules: user rule directories
  /// Parse each output before writing it (--no-verify turns it off).
  bool Verify = true;
};

/// Finds ddx's headers, rules and Clang's resource directory relative to the
/// executable first (an installation), then where ddx was built from.
void locateSupportFiles(const char *Argv0, ToolOptions &Options);

/// Transforms every source; returns the exit status.
int runTool(ToolOptions Options);

} // namespace ddx

#endif // DDX_FRONTEND_FRONTEND_H
