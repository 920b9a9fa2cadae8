//===- RequestFinder.cpp --------------------------------------------------===//
#include "Requests/RequestFinder.h"
#include "Plan/CallableResolver.h"
#include "Support/ExprPrinter.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace ddx {
namespace {

std::string qualifiedCallee(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return FD->getQualifiedNameAsString();
  return "";
}

const Expr *skipWrappers(const Expr *E) {
  while (true) {
    E = skipImplicit(E);
    if (auto *P = dyn_cast<ParenExpr>(E))
      E = P->getSubExpr();
    else if (auto *U = dyn_cast<UnaryOperator>(E);
             U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr();
    else if (auto *C = dyn_cast<ExplicitCastExpr>(E))
      E = C->getSubExpr();
    else
      return E;
  }
}

class Visitor : public RecursiveASTVisitor<Visitor> {
public:
  Visitor(ASTContext &Ctx, DiagReporter &Diags)
      : SM(Ctx.getSourceManager()), Diags(Diags) {}
  /// A request in a template is resolved in each instantiation.
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseDecl(Decl *D) {
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (FD)
      Functions.push_back(FD);
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    if (FD)
      Functions.pop_back();
    return Result;
  }
  /// (A generic lambda's instantiations are not among the ones the base
  /// visitor walks: its body is walked as part of the enclosing function.)
  bool TraverseLambdaExpr(LambdaExpr *Lambda) {
    if (!RecursiveASTVisitor::TraverseLambdaExpr(Lambda))
      return false;
    if (FunctionTemplateDecl *Generic = Lambda->getDependentCallOperator())
      for (FunctionDecl *Instance : Generic->specializations())
        if (!TraverseDecl(Instance))
          return false;
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (!isRequest(Call) ||
        !SM.isInMainFile(SM.getExpansionLoc(Call->getBeginLoc())))
      return true;
    // The request's text is rewritten in place, and a macro's expansion has
    // no text of its own to rewrite.
    if (Call->getBeginLoc().isMacroID() || Call->getEndLoc().isMacroID()) {
      Diags.error(Call->getBeginLoc(),
                  "ddx cannot rewrite a request written inside a macro: it "
                  "replaces the request's text in the file, and a macro's "
                  "expansion has no text of its own");
      Diags.note(Call->getBeginLoc(),
                 "write the request outside the macro (a function can take "
                 "its results instead)");
      return true;
    }
    // (A template's own text holds a resolved request when nothing in it
    // depends on the template's parameters: it stands for the
    // instantiations, or is rewritten itself if there are none.)
    const FunctionDecl *In = Functions.empty() ? nullptr : Functions.back();
    if (In && In->isDependentContext())
      Patterns.push_back({Call, In});
    else
      Calls.push_back({Call, In});
    return true;
  }
  /// The requests found, a template's own text's only where no
  /// instantiation holds the same request.
  std::vector<std::pair<const CallExpr *, const FunctionDecl *>>
  requests() const {
    llvm::DenseSet<SourceLocation> Instantiated;
    for (const auto &[Call, In] : Calls)
      Instantiated.insert(Call->getBeginLoc());
    auto All = Calls;
    for (const auto &Pattern : Patterns)
      if (!Instantiated.count(Pattern.first->getBeginLoc()))
        All.push_back(Pattern);
    llvm::stable_sort(All, [&](const auto &A, const auto &B) {
      return SM.isBeforeInTranslationUnit(A.first->getBeginLoc(),
                                          B.first->getBeginLoc());
    });
    return All;
  }
  const SourceManager &SM;
  DiagReporter &Diags;
  std::vector<const FunctionDecl *> Functions;
  std::vector<std::pair<const CallExpr *, const FunctionDecl *>> Calls,
      Patterns;
};

} // namespace

bool isRequest(const CallExpr *Call) {
  std::string Name = qualifiedCallee(Call);
  return Name == "ddx::gradient" || Name == "ddx::derivative";
}

RequestArg RequestFinder::classify(const Expr *E) {
  RequestArg A;
  A.Whole = E;
  A.Primal = E;
  const Expr *Inner = skipImplicit(E);
  if (auto *Call = dyn_cast<CallExpr>(Inner)) {
    std::string Name = qualifiedCallee(Call);
    if (Name == "ddx::active" && Call->getNumArgs() == 1) {
      A.K = RequestArg::Kind::Active;
      A.Primal = Call->getArg(0);
    } else if (Name == "ddx::constant" && Call->getNumArgs() == 1) {
      A.K = RequestArg::Kind::Constant;
      A.Primal = Call->getArg(0);
    } else if (Name == "ddx::duplicated" && Call->getNumArgs() == 2) {
      A.K = RequestArg::Kind::Duplicated;
      A.Primal = Call->getArg(0);
      A.Shadow = Call->getArg(1);
    }
    return A;
  }
  if (auto *Construct = dyn_cast<CXXConstructExpr>(Inner)) {
    auto *Record = Construct->getType()->getAsCXXRecordDecl();
    if (Record && Record->getQualifiedNameAsString() == "ddx::dual" &&
        Construct->getNumArgs() == 2) {
      A.K = RequestArg::Kind::Dual;
      A.Primal = Construct->getArg(0);
      A.Shadow = Construct->getArg(1);
    }
    return A;
  }
  if (auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Inner))
    return classify(Cast->getSubExpr());
  return A;
}

bool RequestFinder::resolveTarget(const Expr *E, Request &R) {
  const Expr *Callee = skipWrappers(E);
  if (auto *Ref = dyn_cast<DeclRefExpr>(Callee)) {
    if (auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl())) {
      R.What.Function = FD;
      return true;
    }
    if (auto *VD = dyn_cast<VarDecl>(Ref->getDecl())) {
      const Expr *Init = VD->getInit() ? skipWrappers(VD->getInit()) : nullptr;
      if (auto *Lambda = dyn_cast_or_null<LambdaExpr>(Init)) {
        R.What.Function = callOperator(Lambda->getLambdaClass());
        R.What.Lambda = Lambda;
        R.Object = Ref;
        return R.What.Function != nullptr;
      }
    }
  }
  if (auto *Lambda = dyn_cast<LambdaExpr>(Callee)) {
    R.What.Function = callOperator(Lambda->getLambdaClass());
    R.What.Lambda = Lambda;
    return R.What.Function != nullptr;
  }
  if (auto *Record = Callee->getType()->getAsCXXRecordDecl()) {
    if (Record->isLambda()) {
      Diags.error(Callee->getExprLoc(),
                  "ddx cannot see which lambda this is; define the lambda in "
                  "the request or in a local variable initialised with it");
      return false;
    }
    R.What.Function = callOperator(Record);
    R.Object = Callee;
    if (!R.What.Function) {
      Diags.error(Callee->getExprLoc(),
                  "the functor type '" + Record->getNameAsString() +
                      "' has no call operator, or several (overloads or a "
                      "template), so ddx cannot tell which to differentiate; "
                      "give it one non-template operator(), or request a "
                      "lambda with typed parameters that calls it");
      return false;
    }
    return true;
  }
  Diags.error(Callee->getExprLoc(),
              "ddx cannot resolve the function to differentiate at "
              "transformation time; name a function, a lambda or a functor "
              "object");
  return false;
}

std::vector<Request> RequestFinder::find() {
  Visitor V(Ctx, Diags);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::vector<Request> Requests;
  for (const auto &[Call, In] : V.requests()) {
    if (Call->getNumArgs() < 1)
      continue;
    Request R;
    R.Call = Call;
    R.In = In;
    R.Gradient = qualifiedCallee(Call) == "ddx::gradient";
    if (!resolveTarget(Call->getArg(0), R))
      continue;
    bool Ok = true;
    for (unsigned I = 1; I < Call->getNumArgs(); ++I) {
      RequestArg A = classify(Call->getArg(I));
      if (R.Gradient && A.K == RequestArg::Kind::Dual) {
        Diags.error(A.Whole->getBeginLoc(),
                    "ddx::dual seeds a tangent and belongs in ddx::derivative; "
                    "use ddx::active in ddx::gradient");
        Ok = false;
      }
      if (!R.Gradient && A.K == RequestArg::Kind::Active) {
        Diags.error(A.Whole->getBeginLoc(),
                    "ddx::active belongs in ddx::gradient; seed a tangent with "
                    "ddx::dual(x, dx) in ddx::derivative");
        Ok = false;
      }
      R.Args.push_back(A);
    }
    if (Ok)
      Requests.push_back(std::move(R));
  }
  return Requests;
}

} // namespace ddx
