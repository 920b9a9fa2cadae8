//===- HandleBindings.cpp -------------------------------------------------===//
#include "Rules/HandleBindings.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <vector>

using namespace clang;

namespace ddx {
namespace {

/// The variable E names (through parentheses and conversions), or null.
const DeclRefExpr *variableRef(const Expr *E) {
  auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && isa<VarDecl>(Ref->getDecl()) ? Ref : nullptr;
}

/// Whether two callable arguments denote the same callable: `&F` twice.
bool sameCallable(const Expr *A, const Expr *B) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  auto *UA = dyn_cast<UnaryOperator>(A);
  auto *UB = dyn_cast<UnaryOperator>(B);
  if (UA && UB && UA->getOpcode() == UO_AddrOf && UB->getOpcode() == UO_AddrOf)
    return sameCallable(UA->getSubExpr(), UB->getSubExpr());
  auto *RA = dyn_cast<DeclRefExpr>(A);
  auto *RB = dyn_cast<DeclRefExpr>(B);
  return RA && RB && RA->getDecl() == RB->getDecl();
}

/// Whether a call of a library function with no rule can return something
/// derivatives would be lost in: a floating-point value, or a pointer to
/// one.
bool returnsValues(const CallExpr *Call) {
  QualType T = Call->getType();
  if (T->isPointerType())
    T = T->getPointeeType();
  return T->isFloatingType() || T->isRecordType();
}

struct SetUp {
  const CallExpr *Call;
  const ValueDecl *Handle;
  const Expr *Callable;
  std::string Field;
};

/// Collects the set-up calls, the reads and every use of a variable, and
/// which uses are the library's own.
class HandleUses : public RecursiveASTVisitor<HandleUses> {
public:
  explicit HandleUses(const RuleBinder &Rules) : Rules(Rules) {}

  std::vector<SetUp> SetUps;
  std::vector<std::pair<const CallExpr *, const Expr *>> Reads;
  std::vector<const DeclRefExpr *> Uses;
  llvm::SmallPtrSet<const DeclRefExpr *, 8> LibraryUses;
  /// Uses as an argument of a function of the user's, and that function.
  llvm::DenseMap<const DeclRefExpr *, const FunctionDecl *> PassedTo;

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (isa<VarDecl>(Ref->getDecl()) && Ref->getType()->isPointerType())
      Uses.push_back(Ref);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    CallBinding B = Rules.bind(Call);
    for (unsigned I = 0; I < Call->getNumArgs() && I < B.Roles.size(); ++I) {
      const Expr *Arg = Call->getArg(I);
      const DeclRefExpr *Ref = variableRef(Arg);
      ParamRole R = B.Roles[I];
      if (B.K == CallBinding::Kind::Binder && R == ParamRole::Handle) {
        int Callable = B.roleIndex(ParamRole::Callable);
        SetUps.push_back({Call, Ref ? Ref->getDecl() : nullptr,
                          Call->getArg(Callable), B.CallableField});
      } else if (B.K == CallBinding::Kind::Rule && B.Bound &&
                 R == ParamRole::Handle) {
        Reads.emplace_back(Call, Arg);
      } else if (R != ParamRole::Option) {
        continue;
      }
      if (Ref)
        LibraryUses.insert(Ref);
    }
    // The library's other calls on a handle (iterate, free) compute with
    // it; those that return values without a rule are refused below, as
    // are the user's functions, which ddx would differentiate without the
    // function the handle works on.
    bool Library = B.K == CallBinding::Kind::Opaque && !returnsValues(Call);
    for (const Expr *Arg : Call->arguments())
      if (const DeclRefExpr *Ref = variableRef(Arg)) {
        if (Library)
          LibraryUses.insert(Ref);
        else if (B.K == CallBinding::Kind::UserFunction && B.Callee)
          PassedTo[Ref] = B.Callee;
      }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *Op) {
    // A handle made again (`s = gsl_root_fsolver_alloc(T)`), or compared.
    auto *Made = dyn_cast<CallExpr>(Op->getRHS()->IgnoreParenImpCasts());
    if (Op->getOpcode() == BO_Assign && Made &&
        Rules.bind(Made).K == CallBinding::Kind::Opaque)
      if (const DeclRefExpr *Ref = variableRef(Op->getLHS()))
        LibraryUses.insert(Ref);
    if (Op->isEqualityOp())
      for (const Expr *Side : {Op->getLHS(), Op->getRHS()})
        if (const DeclRefExpr *Ref = variableRef(Side))
          LibraryUses.insert(Ref);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *Op) {
    if (Op->getOpcode() == UO_LNot)
      if (const DeclRefExpr *Ref = variableRef(Op->getSubExpr()))
        LibraryUses.insert(Ref);
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_PointerToBoolean)
      if (const DeclRefExpr *Ref = variableRef(Cast->getSubExpr()))
        LibraryUses.insert(Ref);
    return true;
  }

private:
  const RuleBinder &Rules;
};

std::string calleeName(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  return FD ? FD->getNameAsString() : "the call";
}

} // namespace

bool bindHandles(const clang::Stmt *Body, const RuleBinder &Rules,
                 DiagReporter &Diags,
                 llvm::DenseMap<const CallExpr *, BoundCallable> &Callables) {
  if (!Body)
    return true;
  HandleUses U(Rules);
  U.TraverseStmt(const_cast<clang::Stmt *>(Body));
  if (U.SetUps.empty() && U.Reads.empty())
    return true;
  bool Ok = true;
  llvm::SmallPtrSet<const ValueDecl *, 4> Handles;
  for (const SetUp &S : U.SetUps) {
    if (!S.Handle) {
      Diags.error(S.Call->getArg(0)->getExprLoc(),
                  "ddx follows the solver set up by '" + calleeName(S.Call) +
                      "' through a variable: pass the variable that holds "
                      "the solver");
      Ok = false;
      continue;
    }
    Handles.insert(S.Handle);
  }
  for (auto [Read, Handle] : U.Reads) {
    const DeclRefExpr *Ref = variableRef(Handle);
    if (Ref)
      Handles.insert(Ref->getDecl());
    const SetUp *Found = nullptr;
    for (const SetUp &S : U.SetUps) {
      if (!Ref || S.Handle != Ref->getDecl())
        continue;
      if (Found && !sameCallable(Found->Callable, S.Callable)) {
        Diags.error(S.Callable->getExprLoc(),
                    "the solver '" + Ref->getDecl()->getNameAsString() +
                        "' is set up with two different functions here; ddx "
                        "binds the function a solver's results come from "
                        "statically, so it needs one per solver");
        Diags.note(Found->Callable->getExprLoc(),
                   "it was set up with this one; use a solver for each "
                   "function");
        Ok = false;
      }
      Found = Found ? Found : &S;
    }
    if (!Found) {
      Diags.error(Read->getExprLoc(),
                  "ddx cannot tell which function the solver read by '" +
                      calleeName(Read) +
                      "' works on: it follows a solver from the call that "
                      "sets it up in the same function");
      Diags.note(Read->getExprLoc(),
                 "set the solver up (gsl_root_fsolver_set, "
                 "gsl_min_fminimizer_set) in the function that reads its "
                 "results, through a variable that holds it");
      Ok = false;
      continue;
    }
    Callables[Read] = {Found->Callable, Found->Field};
  }
  for (const DeclRefExpr *Use : U.Uses) {
    if (!Handles.contains(Use->getDecl()) || U.LibraryUses.contains(Use))
      continue;
    std::string Name = Use->getDecl()->getNameAsString();
    if (const FunctionDecl *Callee = U.PassedTo.lookup(Use)) {
      Diags.error(Use->getExprLoc(),
                  "ddx follows the solver '" + Name +
                      "' only through the library's own calls, not into '" +
                      Callee->getNameAsString() +
                      "', where its results would be read without the "
                      "function it works on");
      Diags.note(Use->getExprLoc(),
                 "iterate the solver and read its results in the function "
                 "that sets it up");
    } else {
      Diags.error(Use->getExprLoc(),
                  "ddx follows the solver '" + Name +
                      "' only through the library's own calls, and this use "
                      "could read a result without its derivative");
      Diags.note(Use->getExprLoc(),
                 "read its results with the library's functions "
                 "(gsl_root_fsolver_root, gsl_min_fminimizer_x_minimum, "
                 "...), which ddx has rules for");
    }
    Ok = false;
  }
  return Ok;
}

} // namespace ddx
