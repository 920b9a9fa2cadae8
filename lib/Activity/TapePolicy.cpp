//===- TapePolicy.cpp -----------------------------------------------------===//
#include "Activity/TapePolicy.h"
#include "Activity/PointerTargets.h"
#include "Plan/CallableResolver.h"
#include "Rules/RuleBinder.h"
#include "Support/HeapCalls.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallSet.h"

using namespace clang;

namespace ddx {
namespace {

using VarSet = llvm::SmallSet<int, 16>;

/// Adds what a write into Targets changes: the variables, and the pointer
/// variables through which the body may read them.
void addWritten(const TargetList &Targets, const PointerTargets &Pointers,
                VarSet &Vars) {
  for (int T : Targets)
    for (int Reader : Pointers.readersOf(T))
      Vars.insert(Reader);
}

/// Adds what the calls in E may change through their objects and
/// arguments (a library call left inline in a value too).
void addCallWrites(const clang::Stmt *E, const PointerTargets &Pointers,
                   VarSet &Vars) {
  if (!E)
    return;
  if (auto *Call = dyn_cast<CallExpr>(E))
    addWritten(Pointers.changedBy(Call), Pointers, Vars);
  for (const clang::Stmt *Child : E->children())
    addCallWrites(Child, Pointers, Vars);
}

/// Variables written (wholly or through memory) anywhere in a block.
void collectWrites(const Block &B, const ExprPrinter &Printer,
                   const PointerTargets &Pointers, VarSet &Vars) {
  for (const Stmt &S : B) {
    if (S.K == Stmt::Kind::Assign || S.K == Stmt::Kind::Call) {
      Vars.insert(S.Var >= 0 ? S.Var : Printer.rootVar(S.LValue));
      if (S.Var < 0 && S.LValue)
        addWritten(Pointers.storage(S.LValue), Pointers, Vars);
    }
    if (S.Swap) {
      auto Swap = *containerSwapOf(S.Call);
      Vars.insert(Printer.rootVar(Swap.First));
      Vars.insert(Printer.rootVar(Swap.Second));
    }
    if (S.K == Stmt::Kind::Call || S.K == Stmt::Kind::Eval) {
      // A callee may write through any pointer or reference argument.
      if (auto *Call = dyn_cast<CallExpr>(skipImplicit(S.Call)))
        for (const Expr *Arg : Call->arguments())
          if (!Arg->getType()->isArithmeticType())
            Vars.insert(Printer.rootVar(Arg));
    }
    addCallWrites(S.Call, Pointers, Vars);
    addCallWrites(S.Value, Pointers, Vars);
    collectWrites(S.Then, Printer, Pointers, Vars);
    collectWrites(S.Else, Printer, Pointers, Vars);
  }
}

class Recomputation {
public:
  Recomputation(FunctionIR &IR, const ExprPrinter &Printer)
      : IR(IR), Printer(Printer), Pointers(IR, Printer) {
    collectWrites(IR.Body, Printer, Pointers, WrittenAnywhere);
  }

  void visit(Block &B) {
    for (Stmt &S : B) {
      if (S.K == Stmt::Kind::Loop) {
        VarSet WrittenInBody;
        collectWrites(S.Then, Printer, Pointers, WrittenInBody);
        for (Stmt &Def : S.Then)
          if (eligible(Def, WrittenInBody))
            Def.Recompute = true;
      }
      visit(S.Then);
      visit(S.Else);
    }
  }

private:
  bool eligible(const Stmt &Def, const VarSet &Body) const {
    if (Def.K != Stmt::Kind::Assign || Def.Var < 0 || !Def.Path.empty() ||
        Def.Op != BO_Assign || !Def.Value)
      return false;
    const Variable &V = IR.Vars[Def.Var];
    if (V.K != Variable::Kind::Local || V.Writes != 1 ||
        !V.Type->isArithmeticType())
      return false;
    return pure(Def.Value, Body);
  }

  /// Whether E reads only values the loop body does not change.
  bool pure(const Expr *E, const VarSet &Body) const {
    E = skipImplicit(E);
    if (!E)
      return true;
    if (Printer.tempOf(E) >= 0)
      return false;
    if (isa<DeclRefExpr>(E)) {
      int Root = Printer.rootVar(E);
      if (Root < 0)
        return isa<FunctionDecl, EnumConstantDecl>(
                   cast<DeclRefExpr>(E)->getDecl()) ||
               isImmutable(cast<DeclRefExpr>(E)->getDecl()->getType());
      // A reference parameter reads memory someone else may write.
      if (IR.Vars[Root].ByReference && WrittenAnywhere.count(Root))
        return false;
      return !Body.count(Root);
    }
    if (isa<ArraySubscriptExpr, MemberExpr>(E) ||
        (isa<UnaryOperator>(E) &&
         cast<UnaryOperator>(E)->getOpcode() == UO_Deref)) {
      int Root = Printer.rootVar(E);
      if (Root < 0 || WrittenAnywhere.count(Root))
        return false;
    } else if (auto *Call = dyn_cast<CallExpr>(E)) {
      // Only pure functions: <cmath>-style free functions.
      const FunctionDecl *FD = Call->getDirectCallee();
      if (!FD || isa<CXXMethodDecl>(FD) ||
          !FD->getDeclContext()->isStdNamespace() &&
              !FD->getDeclContext()->isTranslationUnit())
        return false;
      if (FD->hasBody())
        return false;
    } else if (isa<CXXOperatorCallExpr, CXXMemberCallExpr, LambdaExpr>(E)) {
      return false;
    }
    for (const clang::Stmt *Child : E->children())
      if (auto *CE = dyn_cast_or_null<Expr>(Child))
        if (!pure(CE, Body))
          return false;
    return true;
  }

  FunctionIR &IR;
  const ExprPrinter &Printer;
  PointerTargets Pointers;
  VarSet WrittenAnywhere;
};

} // namespace

void chooseRecomputation(FunctionIR &IR, const ExprPrinter &Printer) {
  Recomputation(IR, Printer).visit(IR.Body);
}

} // namespace ddx
