//===- ddx.cpp - the ddx command ------------------------------------------===//
//
// ddx [options] <source>... [-- <compiler arguments>]
//
//===----------------------------------------------------------------------===//
#include "Frontend/Frontend.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>

#ifndef DDX_VERSION
#define DDX_VERSION "unknown"
#endif

using namespace llvm;

static cl::OptionCategory Category("ddx options");
static cl::list<std::string> Sources(cl::Positional, cl::desc("<source>..."),
                                     cl::cat(Category));
static cl::opt<std::string> Output("o", cl::desc("Write the output to <file>"),
                                   cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string>
    OutDir("out-dir", cl::desc("Write one output per source into <dir>"),
           cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string>
    ReportPath("report",
               cl::desc("Write a JSON account of what was generated and why"),
               cl::value_desc("file.json"), cl::cat(Category));
static cl::opt<std::string>
    BuildPath("p",
              cl::desc("Read compile flags from <dir>/compile_commands.json"),
              cl::value_desc("dir"), cl::cat(Category));

static cl::opt<bool>
    AllFiles("all",
             cl::desc("Transform every file of the compilation database (-p)"),
             cl::cat(Category));
static cl::opt<std::string> SourceRoot(
    "source-root",
    cl::desc("Outputs under --out-dir mirror the sources' paths relative to "
             "<dir> (default: the current directory)"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<unsigned>
    Jobs("j", cl::desc("Transform <n> files in parallel (default: 1)"),
         cl::value_desc("n"), cl::init(1), cl::Prefix, cl::cat(Category));
static cl::opt<bool>
    WriteDepFile("MD",
                 cl::desc("Write a depfile listing every file read "
                          "(<output>.d unless -MF names it)"),
                 cl::cat(Category));
static cl::opt<std::string> DepFile("MF",
                                    cl::desc("Write the depfile to <file>"),
                                    cl::value_desc("file"), cl::cat(Category));

static cl::opt<bool> PrintSupportDirs(
    "print-support-dirs",
    cl::desc("Print where ddx finds its headers, rules and Clang's builtin "
             "headers, and exit"),
    cl::cat(Category));

static cl::list<std::string>
    RuleDirs("rules",
             cl::desc("Also use the derivative rules in the headers under "
                      "<dir> (add -I<dir> when compiling the output)"),
             cl::value_desc("dir"), cl::cat(Category));

static cl::opt<bool> NoVerify(
    "no-verify",
    cl::desc("Do not parse the output before writing it (by default ddx "
             "checks that what it generates compiles)"),
    cl::cat(Category));

int main(int argc, const char **argv) {
  // Everything after "--" goes to the compiler, as in other LLVM tools.
  std::optional<std::vector<std::string>> CompilerArgs;
  int ToolArgc = argc;
  for (int I = 1; I < argc; ++I) {
    if (std::strcmp(argv[I], "--") == 0) {
      CompilerArgs.emplace(argv + I + 1, argv + argc);
      ToolArgc = I;
      break;
    }
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "ddx " << DDX_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
  });
  if (!cl::ParseCommandLineOptions(
          ToolArgc, argv,
          "ddx: source-to-source automatic differentiation for C++\n\n"
          "  Rewrites each ddx::gradient / ddx::derivative request in the\n"
          "  sources into a call of generated derivative code.\n\n"
          "  ddx model.cpp -o model.ddx.cpp -- -std=c++17 -Iinclude\n"
          "  ddx -p build src/model.cpp -o model.ddx.cpp\n"
          "  ddx -p build --all -j 8 --out-dir build/ddx\n\n"
          "  Exit status: 0 success, 1 a problem in the input, 2 bad usage,\n"
          "  3 an internal error.\n",
          &errs()))
    return ddx::ExitUsage;

  ddx::ToolOptions Options;
  Options.Sources.assign(Sources.begin(), Sources.end());
  Options.AllFiles = AllFiles;
  Options.SourceRoot = SourceRoot;
  Options.Jobs = Jobs;
  Options.WriteDepFile = WriteDepFile;
  Options.DepFile = DepFile;
  // A progress line and a summary only for people, when there are many.
  Options.Progress = sys::Process::StandardErrIsDisplayed() &&
                     (AllFiles || Sources.size() > 1);
  Options.Output = Output;
  Options.OutDir = OutDir;
  Options.BuildPath = BuildPath;
  Options.ReportPath = ReportPath;
  Options.RuleDirs.assign(RuleDirs.begin(), RuleDirs.end());
  Options.CompilerArgs = CompilerArgs;
  Options.Verify = !NoVerify;
  ddx::locateSupportFiles(argv[0], Options);
  if (PrintSupportDirs) {
    outs() << "include " << Options.IncludeDir << "\nrules " << Options.RulesDir
           << "\nresource " << Options.ResourceDir << "\n";
    return ddx::ExitSuccess;
  }
  return ddx::runTool(Options);
}
