//===- Frontend.cpp -------------------------------------------------------===//
#include "Frontend/Frontend.h"
#include "Driver/Transformer.h"
#include "Output/OutputWriter.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

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

/// Path made absolute, without "." and ".." components.
std::string cleanAbsolute(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
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
    llvm::SmallString<256> Path(O.OutDir);
    llvm::sys::path::append(Path, llvm::sys::path::filename(Source));
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

/// The results of every translation unit, keyed by main file name.
struct Results {
  RuleSet Rules;
  std::map<std::string, std::string> Text;
  std::map<std::string, nlohmann::json> Reports;
  std::map<std::string, std::string> InputNames;
  const ToolOptions *Options = nullptr;
};

class TransformConsumer : public ASTConsumer {
public:
  TransformConsumer(Results &R, std::string File)
      : R(R), File(std::move(File)) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    // Results are keyed, and #line names the source, as the user wrote it,
    // not as Clang resolved it.
    std::string Given = File;
    for (const std::string &Source : R.Options->Sources) {
      llvm::SmallString<256> Abs(Source);
      llvm::sys::fs::make_absolute(Abs);
      if (Source == File || Abs.str() == File || cleanAbsolute(Source) == File)
        Given = Source;
    }
    if (Ctx.getDiagnostics().hasErrorOccurred()) {
      R.Reports[Given] = {{"input", Given},
                          {"output", nullptr},
                          {"error", "the translation unit does not compile"}};
      return;
    }
    TransformOptions TO;
    TO.ParsedSuffix = R.Rules.Suffix;
    TO.RuleIncludes = R.Rules.Includes;
    TO.InputName = Given;
    TO.OutputName = outputFor(*R.Options, Given).Name;
    TO.Report = &R.Reports[Given];
    if (auto Text = transformTranslationUnit(Ctx, TO))
      R.Text[Given] = std::move(*Text);
  }

private:
  Results &R;
  std::string File;
};

class TransformAction : public ASTFrontendAction {
public:
  explicit TransformAction(Results &R) : R(R) {}
  std::unique_ptr<ASTConsumer>
  CreateASTConsumer(CompilerInstance &, llvm::StringRef File) override {
    return std::make_unique<TransformConsumer>(R, File.str());
  }

private:
  Results &R;
};

class TransformActionFactory : public tooling::FrontendActionFactory {
public:
  explicit TransformActionFactory(Results &R) : R(R) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TransformAction>(R);
  }

private:
  Results &R;
};

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

int runTool(const ToolOptions &O) {
  if (O.Sources.empty())
    return usageError("no input files (run 'ddx --help' for usage)");
  if (!O.Output.empty() && O.Sources.size() > 1)
    return usageError("-o names one output, but " +
                      llvm::Twine(O.Sources.size()) +
                      " inputs were given; use --out-dir");
  if (!O.Output.empty() && !O.OutDir.empty())
    return usageError("-o and --out-dir cannot be used together");
  if (O.RulesDir.empty() || O.IncludeDir.empty())
    return usageError("cannot find ddx's headers and rules next to the "
                      "executable or in the source tree");
  // Read once: the parse sees these texts, with the rules appended.
  std::vector<std::string> Parsed;
  Parsed.reserve(O.Sources.size());
  for (const std::string &Source : O.Sources) {
    auto Buffer = llvm::MemoryBuffer::getFile(Source);
    if (!Buffer)
      return usageError("cannot read '" + Source +
                        "': " + Buffer.getError().message());
    Parsed.push_back((*Buffer)->getBuffer().str());
  }
  if (!O.OutDir.empty() && !llvm::sys::fs::is_directory(O.OutDir))
    if (std::error_code EC = llvm::sys::fs::create_directories(O.OutDir))
      return usageError("cannot create '" + O.OutDir + "': " + EC.message());

  std::string Error;
  auto DB = loadDatabase(O, Error);
  if (!DB)
    return usageError(Error.find("compile_commands.json") != std::string::npos
                          ? Error
                          : "cannot load a compilation database from '" +
                                O.BuildPath + "': " + Error);

  Results R;
  R.Options = &O;
  if (auto Rules = collectRules(O, Error))
    R.Rules = std::move(*Rules);
  else
    return usageError(Error);
  int Status = 0;
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext CRC;
  bool Completed = CRC.RunSafely([&] {
    tooling::ClangTool Tool(*DB, O.Sources);
    Tool.appendArgumentsAdjuster(ddxFlags(O));
    // Each source is parsed with the rules appended, so that a rule can
    // mirror whatever the source included (docs/rules.md, "Discovery").
    // ClangTool keeps the path and the text by reference until run().
    std::vector<std::string> Paths;
    for (const std::string &Source : O.Sources)
      Paths.push_back(cleanAbsolute(Source));
    for (size_t I = 0; I < O.Sources.size(); ++I) {
      Parsed[I] += R.Rules.Suffix;
      Tool.mapVirtualFile(Paths[I], Parsed[I]);
    }
    Tool.setPrintErrorMessage(false); // the diagnostics say it all
    TransformActionFactory Factory(R);
    Status = Tool.run(&Factory);
  });
  if (!Completed) {
    llvm::errs() << "ddx: internal error: ddx crashed while transforming; "
                    "please report this with the input file\n";
    return ExitInternal;
  }

  int Exit = Status == 0   ? ExitSuccess
             : Status == 2 ? ExitUsage
                           : ExitUserError;
  for (const std::string &Source : O.Sources) {
    auto It = R.Text.find(Source);
    if (It == R.Text.end()) {
      if (Exit == ExitSuccess)
        Exit = ExitUserError;
      continue;
    }
    OutputPlan Out = outputFor(O, Source);
    if (Out.Path.empty()) {
      llvm::outs() << It->second;
      continue;
    }
    if (llvm::Error E = writeFileAtomically(Out.Path, It->second)) {
      llvm::errs() << "ddx: error: " << llvm::toString(std::move(E)) << "\n";
      Exit = ExitUsage;
    }
  }
  if (!O.ReportPath.empty()) {
    nlohmann::json Units = nlohmann::json::array();
    for (auto &[File, Entry] : R.Reports)
      Units.push_back(Entry);
    nlohmann::json Report = {{"ddx_report_version", 1},
                             {"exit_status", Exit},
                             {"translation_units", Units}};
    if (llvm::Error E =
            writeFileAtomically(O.ReportPath, Report.dump(2) + "\n")) {
      llvm::errs() << "ddx: error: " << llvm::toString(std::move(E)) << "\n";
      Exit = ExitUsage;
    }
  }
  return Exit;
}

} // namespace ddx
