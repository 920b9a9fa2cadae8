//===- DiffPlan.cpp -------------------------------------------------------===//
#include "Plan/DiffPlan.h"
#include "Support/Spelling.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include <cctype>

using namespace clang;

namespace ddx {

namespace {
struct ModeNames {
  const char *Suffix; ///< in generated function names
  const char *Name;   ///< in the report
};
// Indexed by Mode.
constexpr ModeNames ModeTable[] = {{"_tangent", "tangent"},
                                   {"_forward", "forward-sweep"},
                                   {"_reverse", "reverse-sweep"},
                                   {"_grad", "gradient"},
                                   {"_deriv", "derivative"}};
const char *suffix(Mode M) { return ModeTable[static_cast<int>(M)].Suffix; }
} // namespace

const char *modeName(Mode M) { return ModeTable[static_cast<int>(M)].Name; }

std::string DiffPlan::baseName(const Target &What) const {
  const FunctionDecl *FD = What.Function;
  if (What.Lambda) {
    const SourceManager &SM =
        What.Lambda->getLambdaClass()->getASTContext().getSourceManager();
    return "lambda_L" + std::to_string(SM.getExpansionLineNumber(
                            What.Lambda->getBeginLoc()));
  }
  std::string Name = FD->getNameAsString();
  if (OverloadedOperatorKind Op = FD->getOverloadedOperator())
    Name = operatorIdentifier(Op);
  if (isa<CXXConstructorDecl>(FD))
    Name = "construct";
  if (auto *Method = dyn_cast<CXXMethodDecl>(FD))
    return Method->getParent()->getNameAsString() + "_" + Name;
  return Name;
}

const Instance &DiffPlan::get(const Target &What, Mode M,
                              const std::vector<ParamActivity> &Activity,
                              llvm::ArrayRef<std::string> ParamNames,
                              SourceLocation NeededAt, bool ResultUnused) {
  for (const Instance &I : Instances)
    if (I.What == What && I.M == M && I.Activity == Activity &&
        I.ResultUnused == ResultUnused)
      return calledBy(Current, I);
  std::string Name = baseName(What);
  for (const CallableBinding &B : What.Bindings) {
    if (B.Function)
      Name += "_of_" + B.Function->getNameAsString();
    else if (B.Lambda)
      Name += "_of_" + baseName(Target{nullptr, B.Lambda, {}});
    else {
      // A folded option: its name and value, as identifier characters.
      Name += "_" + B.boundName(What.Function) + "_";
      for (char C : B.Constant)
        Name += std::isalnum(static_cast<unsigned char>(C)) ? C : '_';
    }
  }
  Name += suffix(M);
  for (size_t P = 0; P < Activity.size() && P < ParamNames.size(); ++P)
    if (Activity[P] != ParamActivity::Inactive)
      Name += "_" + ParamNames[P];
  if (ResultUnused)
    Name += "_result_unused";
  std::string Unique = Name;
  for (unsigned N = 2; Names.contains(Unique); ++N)
    Unique = Name + "_" + std::to_string(N);
  Names.insert(Unique);
  Instances.push_back(
      Instance{What, M, Activity, ResultUnused, Unique, NeededAt, Current});
  return calledBy(Current, Instances.back());
}

const Instance &DiffPlan::calledBy(const Instance *Caller,
                                   const Instance &Callee) {
  ++Requests[&Callee];
  if (Caller && !llvm::is_contained(Callees[Caller], &Callee))
    Callees[Caller].push_back(&Callee);
  return Callee;
}

} // namespace ddx
