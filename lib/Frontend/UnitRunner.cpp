//===- UnitRunner.cpp -----------------------------------------------------===//
#include "Frontend/UnitRunner.h"
#include "Driver/Transformer.h"
#include "Frontend/DepFile.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;

namespace ddx {
namespace {

struct UnitContext {
  const UnitSetup &Setup;
  const std::string &Source;
  const std::string &OutputName;
  UnitResult &Result;
  llvm::raw_ostream &Messages;
};

class TransformConsumer : public ASTConsumer {
public:
  explicit TransformConsumer(UnitContext &U) : U(U) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    U.Result.Dependencies = filesRead(Ctx.getSourceManager());
    if (Ctx.getDiagnostics().hasErrorOccurred()) {
      U.Result.Report = {{"input", U.Source},
                         {"output", nullptr},
                         {"error", "the translation unit does not compile"}};
      return;
    }
    TransformOptions TO;
    TO.ParsedSuffix = U.Setup.RuleSuffix;
    TO.RuleIncludes = U.Setup.RuleIncludes;
    TO.InputName = U.Source; // as the user wrote it, not as Clang resolved it
    TO.OutputName = U.OutputName;
    TO.Report = &U.Result.Report;
    U.Result.Text = transformTranslationUnit(Ctx, TO);
  }

private:
  UnitContext &U;
};

class TransformAction : public ASTFrontendAction {
public:
  explicit TransformAction(UnitContext &U) : U(U) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // "N errors generated." belongs with this unit's other messages.
    CI.setVerboseOutputStream(U.Messages);
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<TransformConsumer>(U);
  }

private:
  UnitContext &U;
};

class TransformActionFactory : public tooling::FrontendActionFactory {
public:
  explicit TransformActionFactory(UnitContext &U) : U(U) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TransformAction>(U);
  }

private:
  UnitContext &U;
};

/// The first compile command of each file only: a file listed twice (two
/// configurations) would otherwise be transformed twice, the last run's
/// text silently winning.
class FirstCommandDatabase : public tooling::CompilationDatabase {
public:
  explicit FirstCommandDatabase(const tooling::CompilationDatabase &Base)
      : Base(Base) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    std::vector<tooling::CompileCommand> Commands =
        Base.getCompileCommands(File);
    if (Commands.size() > 1)
      Commands.resize(1);
    return Commands;
  }
  std::vector<std::string> getAllFiles() const override {
    return Base.getAllFiles();
  }

private:
  const tooling::CompilationDatabase &Base;
};

/// A ClangTool for one source on its own view of the file system:
/// ClangTool changes into each command's directory, which on the
/// process-wide one would move every other thread's relative paths too.
std::unique_ptr<tooling::ClangTool>
toolFor(const tooling::CompilationDatabase &Database,
        const std::string &Source) {
  return std::make_unique<tooling::ClangTool>(
      Database, std::vector<std::string>{Source},
      std::make_shared<PCHContainerOperations>(),
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
          llvm::vfs::createPhysicalFileSystem().release()));
}

/// Parses Text in place of Source, with Source's compile command: whether
/// the output compiles as the user will compile it. Errors go to Messages
/// (at the user's lines, through the output's #line directives).
bool compiles(const UnitSetup &Setup, const tooling::CompilationDatabase &DB,
              const std::string &Source, const std::string &Path,
              const std::string &Text, llvm::raw_ostream &Messages) {
  std::unique_ptr<tooling::ClangTool> Tool = toolFor(DB, Source);
  Tool->appendArgumentsAdjuster(Setup.VerifyFlags);
  Tool->mapVirtualFile(Path, Text);
  auto Options = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  TextDiagnosticPrinter Printer(Messages, Options.get());
  Tool->setDiagnosticConsumer(&Printer);
  Tool->setPrintErrorMessage(false);
  return Tool->run(
             tooling::newFrontendActionFactory<SyntaxOnlyAction>().get()) == 0;
}

} // namespace

std::string cleanAbsolute(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

UnitResult runUnit(const UnitSetup &Setup, const std::string &Source,
                   std::string Contents, const std::string &OutputName) {
  UnitResult Result;
  // Every request names ddx (ddx::gradient, after #include <ddx/ddx.hpp>).
  if (llvm::StringRef(Contents).find("ddx") == llvm::StringRef::npos) {
    Result.PassedThrough = true;
    Result.Text = std::move(Contents);
    Result.Dependencies = {cleanAbsolute(Source)};
    Result.Report = {
        {"input", Source}, {"output", OutputName}, {"passed_through", true}};
    return Result;
  }
  llvm::raw_string_ostream Messages(Result.Diagnostics);
  UnitContext U{Setup, Source, OutputName, Result, Messages};
  llvm::CrashRecoveryContext CRC;
  FirstCommandDatabase Database(*Setup.Database);
  // ClangTool keeps the mapped path and text by reference until run().
  std::string Path = cleanAbsolute(Source);
  size_t Commands = Setup.Database->getCompileCommands(Path).size();
  if (Commands > 1)
    Messages << "ddx: warning: '" << Source << "' has " << Commands
             << " compile commands; ddx uses the first\n";
  Result.Crashed = !CRC.RunSafely([&] {
    std::unique_ptr<tooling::ClangTool> Tool = toolFor(Database, Source);
    Tool->appendArgumentsAdjuster(Setup.Flags);
    // The source is parsed with the rules appended, so that a rule can
    // mirror whatever the source included (docs/rules.md, "Discovery").
    Contents += Setup.RuleSuffix;
    Tool->mapVirtualFile(Path, Contents);
    auto Options = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
    TextDiagnosticPrinter Printer(Messages, Options.get());
    Tool->setDiagnosticConsumer(&Printer);
    Tool->setPrintErrorMessage(false); // the diagnostics say it all
    TransformActionFactory Factory(U);
    Result.ToolStatus = Tool->run(&Factory);
    // ddx checks what it writes: an output that does not compile is
    // ddx's error, reported as such instead of written.
    if (Result.Text && Result.ToolStatus == 0 && Setup.VerifyFlags &&
        !compiles(Setup, Database, Source, Path, *Result.Text, Messages)) {
      Result.Text.reset();
      Result.OutputInvalid = true;
    }
  });
  Messages.flush();
  return Result;
}

} // namespace ddx
