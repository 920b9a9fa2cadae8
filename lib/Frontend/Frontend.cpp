//===- Frontend.cpp -------------------------------------------------------===//
#include "Frontend/Frontend.h"
#include "Frontend/DepFile.h"
#include "Frontend/Progress.h"
#include "Frontend/UnitRunner.h"
#include "Output/OutputWriter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>

#ifndef DDX_SOURCE_INCLUDE_DIR
#define DDX_SOURCE_INCLUDE_DIR ""
#endif
#ifndef DDX_SOURCE_RULES_DIR
#define DDX_SOURCE_RULES_DIR ""
#endif
#ifndef DDX_CLANG_RESOURCE_DIR
#define DDX_CLANG_RESOURCE_DIR ""
#endif

using namespace clang;

namespace ddx {
namespace {

bool exists(const llvm::Twine &Path) { return llvm::sys::fs::exists(Path); }

std::string firstExisting(std::initializer_list<std::string> Candidates,
                          llvm::StringRef Probe) {
  for (const std::string &C : Candidates)
    if (!C.empty() && exists(C + "/" + Probe))
      return C;
  return "";
}

/// Where each source's output goes, and what #line calls it.
struct OutputPlan {
  std::string Path; ///< empty: standard output
  std::string Name;
};

OutputPlan outputFor(const ToolOptions &O, const std::string &Source) {
  if (!O.Output.empty())
    return {O.Output == "-" ? "" : O.Output,
            O.Output == "-" ? "<stdout>" : O.Output};
  if (!O.OutDir.empty()) {
    // The source's path under the source root, or its whole path when it
    // lies elsewhere, so that sources with the same name do not collide.
    std::string Abs = cleanAbsolute(Source);
    std::string Root = cleanAbsolute(O.SourceRoot.empty() ? "." : O.SourceRoot);
    llvm::StringRef Relative(Abs);
    if (!Relative.consume_front(Root + "/"))
      Relative = llvm::sys::path::relative_path(Abs);
    llvm::SmallString<256> Path(O.OutDir);
    llvm::sys::path::append(Path, Relative);
    return {std::string(Path), std::string(Path)};
  }
  return {"", "<stdout>"};
}

/// The rules every parse sees after the user's code: the shipped index
/// (which includes the rules for the libraries the file included, by their
/// include guards) and every header of the user's rule directories.
struct RuleSet {
  std::string Includes; ///< one #include line each
  std::string Suffix;   ///< what is appended to each source for the parse
};

std::optional<RuleSet> collectRules(const ToolOptions &O, std::string &Error) {
  RuleSet Rules;
  Rules.Includes = "#include <ddx/rules/index.hpp>\n";
  for (const std::string &Dir : O.RuleDirs) {
    if (!llvm::sys::fs::is_directory(Dir)) {
      Error = "'" + Dir + "' (--rules) is not a directory";
      return std::nullopt;
    }
    std::vector<std::string> Headers;
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC), End;
         It != End && !EC; It.increment(EC)) {
      llvm::StringRef Ext = llvm::sys::path::extension(It->path());
      if (Ext == ".hpp" || Ext == ".h" || Ext == ".hh")
        Headers.push_back(It->path());
    }
    if (EC) {
      Error = "cannot read '" + Dir + "' (--rules): " + EC.message();
      return std::nullopt;
    }
    // Sorted, so the output does not depend on the directory's order.
    llvm::sort(Headers);
    for (std::string &Header : Headers) {
      llvm::StringRef Relative(Header);
      Relative.consume_front(Dir);
      Relative = Relative.ltrim('/');
      Rules.Includes += "#include <" + Relative.str() + ">\n";
    }
  }
  Rules.Suffix = "\n" + Rules.Includes;
  return Rules;
}

std::unique_ptr<tooling::CompilationDatabase> loadDatabase(const ToolOptions &O,
                                                           std::string &Error) {
  if (O.CompilerArgs)
    return std::make_unique<tooling::FixedCompilationDatabase>(".",
                                                               *O.CompilerArgs);
  if (!O.BuildPath.empty()) {
    std::string Json = O.BuildPath + "/compile_commands.json";
    if (exists(Json)) {
      auto DB = tooling::JSONCompilationDatabase::loadFromFile(
          Json, Error, tooling::JSONCommandLineSyntax::AutoDetect);
      if (!DB)
        Error = "'" + Json + "' is not a valid compilation database: " + Error;
      return DB;
    }
    return tooling::CompilationDatabase::loadFromDirectory(O.BuildPath, Error);
  }
  std::string Ignored;
  if (!O.Sources.empty())
    if (auto DB = tooling::CompilationDatabase::autoDetectFromSource(
            O.Sources.front(), Ignored))
      return DB;
  return std::make_unique<tooling::FixedCompilationDatabase>(
      ".", std::vector<std::string>{"-std=c++17"});
}

tooling::ArgumentsAdjuster ddxFlags(const ToolOptions &O) {
  std::vector<std::string> Extra = {"-DDDX_TRANSFORMING=1",
                                    "-Wno-unused-command-line-argument"};
  if (!O.ResourceDir.empty())
    Extra.push_back("-resource-dir=" + O.ResourceDir);
  if (!O.IncludeDir.empty())
    Extra.push_back("-I" + O.IncludeDir);
  for (const std::string &Dir : O.RuleDirs)
    Extra.push_back("-I" + Dir);
  if (!O.RulesDir.empty()) {
    Extra.push_back("-I" + O.RulesDir);
    Extra.push_back("-include");
    Extra.push_back(O.RulesDir + "/ddx/rules/cmath.hpp");
  }
  return tooling::getInsertArgumentAdjuster(
      Extra, tooling::ArgumentInsertPosition::END);
}

/// The output is checked as the user compiles it: the user's flags, ddx's
/// headers and rules on the include path, warnings off (they are the
/// compiler's business, not a reason to refuse).
tooling::ArgumentsAdjuster verifyFlags(const ToolOptions &O) {
  std::vector<std::string> Extra = {"-Wno-unused-command-line-argument", "-w",
                                    "-ferror-limit=5"};
  if (!O.ResourceDir.empty())
    Extra.push_back("-resource-dir=" + O.ResourceDir);
  for (const std::string &Dir : {O.IncludeDir, O.RulesDir})
    if (!Dir.empty())
      Extra.push_back("-I" + Dir);
  for (const std::string &Dir : O.RuleDirs)
    Extra.push_back("-I" + Dir);
  return tooling::getInsertArgumentAdjuster(
      Extra, tooling::ArgumentInsertPosition::END);
}

int usageError(const llvm::Twine &Message) {
  llvm::errs() << "ddx: error: " << Message << "\n";
  return ExitUsage;
}

} // namespace

void locateSupportFiles(const char *Argv0, ToolOptions &O) {
  static int Anchor;
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, &Anchor);
  llvm::SmallString<256> Prefix(llvm::sys::path::parent_path(Exe));
  llvm::sys::path::remove_filename(Prefix); // <prefix>/bin/ddx -> <prefix>
  std::string P(Prefix);
  if (O.IncludeDir.empty())
    O.IncludeDir =
        firstExisting({P + "/include", DDX_SOURCE_INCLUDE_DIR}, "ddx/ddx.hpp");
  if (O.RulesDir.empty())
    O.RulesDir = firstExisting({P + "/share/ddx/rules", DDX_SOURCE_RULES_DIR},
                               "ddx/rules/cmath.hpp");
  if (O.ResourceDir.empty())
    O.ResourceDir = firstExisting(
        {P + "/lib/ddx/clang", DDX_CLANG_RESOURCE_DIR}, "include/stddef.h");
}

/// Checks the combination of options; returns a message, or "".
static std::string checkOptions(const ToolOptions &O) {
  if (O.Sources.empty())
    return "the compilation database lists no files; check that -p names "
           "the build directory whose compile_commands.json lists your "
           "sources (CMake: -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)";
  if (O.AllFiles && O.OutDir.empty())
    return "--all writes one output per file: give --out-dir";
  if (!O.Output.empty() && O.Sources.size() > 1)
    return "-o names one output, but " + std::to_string(O.Sources.size()) +
           " inputs were given; use --out-dir";
  if (!O.Output.empty() && !O.OutDir.empty())
    return "-o and --out-dir cannot be used together";
  if (!O.DepFile.empty() && O.Sources.size() > 1)
    return "-MF names one depfile, but " + std::to_string(O.Sources.size()) +
           " inputs were given; -MD alone writes <output>.d for each";
  if (O.WriteDepFile && O.DepFile.empty() &&
      (O.Output.empty() || O.Output == "-") && O.OutDir.empty())
    return "-MD needs an output file (-o or --out-dir) or -MF";
  if (O.Jobs == 0)
    return "-j needs a number of jobs of at least 1";
  if (O.RulesDir.empty() || O.IncludeDir.empty())
    return "cannot find ddx's headers (ddx/ddx.hpp) and rules next to the "
           "executable (<prefix>/include, <prefix>/share/ddx/rules) or in the "
           "source tree; reinstall ddx (cmake --install), or run the ddx in "
           "the bin/ folder of its install prefix";
  return "";
}

/// Writes a unit's output and depfile; returns false after printing why not.
static bool writeOutputs(const ToolOptions &O, const std::string &Source,
                         const UnitResult &R) {
  OutputPlan Out = outputFor(O, Source);
  auto Fail = [](llvm::Error E) {
    llvm::errs() << "ddx: error: " << llvm::toString(std::move(E)) << "\n";
    return false;
  };
  if (Out.Path.empty()) {
    llvm::outs() << *R.Text;
  } else {
    llvm::StringRef Dir = llvm::sys::path::parent_path(Out.Path);
    if (!Dir.empty())
      if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
        return Fail(llvm::createStringError(EC, "cannot create '" + Dir +
                                                    "': " + EC.message()));
    if (llvm::Error E = writeFileAtomically(Out.Path, *R.Text))
      return Fail(std::move(E));
  }
  if (!O.WriteDepFile && O.DepFile.empty())
    return true;
  std::string DepPath = O.DepFile.empty() ? Out.Path + ".d" : O.DepFile;
  std::string Target = Out.Path.empty() ? Source : Out.Path;
  if (llvm::Error E =
          writeFileAtomically(DepPath, depFileText(Target, R.Dependencies)))
    return Fail(std::move(E));
  return true;
}

int runTool(ToolOptions O) {
  if (O.AllFiles && O.BuildPath.empty())
    return usageError("--all needs a compilation database (-p <dir>)");
  if (O.Sources.empty() && !O.AllFiles)
    return usageError("no input files (run 'ddx --help' for usage)");
  std::string Error;
  std::unique_ptr<tooling::CompilationDatabase> DB = loadDatabase(O, Error);
  if (!DB)
    return usageError(Error.find("compile_commands.json") != std::string::npos
                          ? Error
                          : "cannot load a compilation database from '" +
                                O.BuildPath + "': " + Error +
                                "; generate compile_commands.json there "
                                "(CMake: -DCMAKE_EXPORT_COMPILE_COMMANDS=ON), "
                                "or give the compiler flags after '--'");
  if (O.AllFiles) {
    // Sorted, so outputs and the report do not depend on the database order.
    std::vector<std::string> Files = DB->getAllFiles();
    llvm::sort(Files);
    O.Sources.insert(O.Sources.end(), Files.begin(), Files.end());
  }
  std::string Problem = checkOptions(O);
  if (!Problem.empty())
    return usageError(Problem);
  // Read once: the parse sees these texts, with the rules appended.
  std::vector<std::string> Contents;
  Contents.reserve(O.Sources.size());
  for (const std::string &Source : O.Sources) {
    auto Buffer = llvm::MemoryBuffer::getFile(Source);
    if (!Buffer)
      return usageError("cannot read '" + Source +
                        "': " + Buffer.getError().message());
    Contents.push_back((*Buffer)->getBuffer().str());
  }
  if (!O.OutDir.empty() && !llvm::sys::fs::is_directory(O.OutDir))
    if (std::error_code EC = llvm::sys::fs::create_directories(O.OutDir))
      return usageError("cannot create '" + O.OutDir + "': " + EC.message());

  UnitSetup Setup;
  Setup.Database = DB.get();
  Setup.Flags = ddxFlags(O);
  if (O.Verify)
    Setup.VerifyFlags = verifyFlags(O);
  if (auto Rules = collectRules(O, Error)) {
    Setup.RuleSuffix = Rules->Suffix;
    Setup.RuleIncludes = Rules->Includes;
  } else {
    return usageError(Error);
  }

  // Units run on a thread pool; each result has its slot, and everything
  // is written in the order of the sources, so -j changes nothing but time.
  std::vector<UnitResult> Results(O.Sources.size());
  ProgressLine Progress(llvm::errs(), O.Sources.size(), O.Progress);
  auto Start = std::chrono::steady_clock::now();
  llvm::CrashRecoveryContext::Enable();
  {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(O.Jobs));
    for (size_t I = 0; I < O.Sources.size(); ++I)
      Pool.async([&, I] {
        Results[I] = runUnit(Setup, O.Sources[I], std::move(Contents[I]),
                             outputFor(O, O.Sources[I]).Name);
        Progress.finished(O.Sources[I], Results[I].Diagnostics);
      });
    Pool.wait();
  }
  Progress.clear();

  int Exit = ExitSuccess;
  unsigned Transformed = 0, PassedThrough = 0, Failed = 0;
  for (size_t I = 0; I < O.Sources.size(); ++I) {
    const UnitResult &R = Results[I];
    if (R.Crashed) {
      llvm::errs() << "ddx: internal error: ddx crashed while transforming '"
                   << O.Sources[I] << "'; please report this with the file\n";
      Exit = std::max<int>(Exit, ExitInternal);
    }
    if (R.OutputInvalid) {
      llvm::errs() << "ddx: internal error: the code ddx generated for '"
                   << O.Sources[I]
                   << "' does not compile (the errors above are in generated "
                      "code, at the lines it came from); no output was "
                      "written; please report this with the file\n";
      Exit = std::max<int>(Exit, ExitInternal);
    }
    if (R.ToolStatus == 2)
      Exit = std::max<int>(Exit, ExitUsage);
    if (!R.Text) {
      ++Failed;
      Exit = std::max<int>(Exit, ExitUserError);
      continue;
    }
    ++(R.PassedThrough ? PassedThrough : Transformed);
    if (!writeOutputs(O, O.Sources[I], R))
      Exit = std::max<int>(Exit, ExitUsage);
  }
  if (!O.ReportPath.empty()) {
    nlohmann::json Units = nlohmann::json::array();
    for (const UnitResult &R : Results)
      if (!R.Report.is_null())
        Units.push_back(R.Report);
    nlohmann::json Report = {{"ddx_report_version", 1},
                             {"exit_status", Exit},
                             {"translation_units", Units}};
    if (llvm::Error E =
            writeFileAtomically(O.ReportPath, Report.dump(2) + "\n")) {
      llvm::errs() << "ddx: error: " << llvm::toString(std::move(E)) << "\n";
      Exit = std::max<int>(Exit, ExitUsage);
    }
  }
  if (O.Progress) {
    std::chrono::duration<double> Took =
        std::chrono::steady_clock::now() - Start;
    llvm::errs() << "ddx: " << O.Sources.size() << " files: " << Transformed
                 << " transformed, " << PassedThrough << " passed through, "
                 << Failed << " failed (" << llvm::format("%.1f", Took.count())
                 << " s, " << O.Jobs << (O.Jobs == 1 ? " job" : " jobs")
                 << ")\n";
  }
  return Exit;
}

} // namespace ddx
