//===- LoopTape.cpp ------------------------------------------------------===//
#include "Activity/LoopTape.h"
#include "Support/ExprPrinter.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace ddx {
namespace {

const DeclRefExpr *declRef(const Expr *E) {
  return dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
}

/// `a[i]` of the array Array: i, or null.
const Expr *indexInto(const Expr *E, const ValueDecl *Array) {
  auto *Sub =
      dyn_cast_or_null<ArraySubscriptExpr>(E ? E->IgnoreParens() : nullptr);
  if (!Sub)
    return nullptr;
  const DeclRefExpr *Base = declRef(Sub->getBase());
  return Base && Base->getDecl() == Array ? Sub->getIdx() : nullptr;
}

/// Two loop bounds that are the same value wherever both are read: the
/// same literal, or the same variable (which the caller shows unchanged).
bool sameBound(const Expr *A, const Expr *B) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (auto *LA = dyn_cast<IntegerLiteral>(A))
    if (auto *LB = dyn_cast<IntegerLiteral>(B))
      return llvm::APInt::isSameValue(LA->getValue(), LB->getValue());
  const DeclRefExpr *RA = declRef(A), *RB = declRef(B);
  return RA && RB && RA->getDecl() == RB->getDecl();
}

/// The test `v op bound` (v a variable) of a loop that tests before each
/// iteration, or null.
const BinaryOperator *counterTest(const Stmt &Loop) {
  if (Loop.K != Stmt::Kind::Loop || !Loop.TestFirst || !Loop.CondExpr)
    return nullptr;
  auto *Test = dyn_cast<BinaryOperator>(Loop.CondExpr->IgnoreParenImpCasts());
  return Test && declRef(Test->getLHS()) ? Test : nullptr;
}

/// `v < bound` of a loop that tests before each iteration, or null.
const BinaryOperator *upperBoundTest(const Stmt &Loop) {
  const BinaryOperator *Test = counterTest(Loop);
  return Test && Test->getOpcode() == BO_LT ? Test : nullptr;
}

/// What the passes ask of a lowered function's variables.
class LoopFacts {
public:
  explicit LoopFacts(FunctionIR &IR) : IR(IR) {}

protected:
  const VarDecl *declOf(int Var) const {
    return Var < 0 ? nullptr : dyn_cast_or_null<VarDecl>(IR.Vars[Var].Decl);
  }
  int varOf(const DeclRefExpr *Ref) const {
    auto It = Ref ? IR.VarOf.find(Ref->getDecl()) : IR.VarOf.end();
    return It == IR.VarOf.end() ? -1 : It->second;
  }

  /// Whether anything in B may change the variable Var.
  bool writes(const Block &B, int Var) const {
    const VarDecl *D = declOf(Var);
    return llvm::any_of(B, [&](const Stmt &S) {
      return S.Var == Var || (S.LValue && storageRoot(S.LValue) == D) ||
             writes(S.Then, Var) || writes(S.Else, Var);
    });
  }

  /// Whether no statement of B changes the variable Var: one only ever
  /// named directly (so no call or pointer changes it) that B does not
  /// assign.
  bool fixedIn(int Var, const Block &B) const {
    const VarDecl *D = declOf(Var);
    return D && !IR.Vars[Var].isAlias() && !IR.Vars[Var].ByReference &&
           onlyDirect(D) && !writes(B, Var);
  }

  /// namedOnlyDirectly for the whole function, once per variable.
  bool onlyDirect(const VarDecl *D) const {
    auto [It, New] = Direct.try_emplace(D, false);
    if (New)
      It->second = namedOnlyDirectly(IR.Function->getBody(), D);
    return It->second;
  }

  /// A bound no statement of B changes: a literal, or a fixed variable.
  bool stableIn(const Expr *Bound, const Block &B) const {
    return isa<IntegerLiteral>(Bound->IgnoreParenImpCasts()) ||
           fixedIn(varOf(declRef(Bound)), B);
  }

  FunctionIR &IR;

private:
  mutable llvm::DenseMap<const VarDecl *, bool> Direct;
};

class CoveredSaves : LoopFacts {
public:
  using LoopFacts::LoopFacts;

  void visit(Block &B) {
    llvm::SmallVector<Cover, 2> Covers;
    for (unsigned I = 0; I < B.size(); ++I) {
      Stmt &S = B[I];
      llvm::erase_if(Covers, [&](const Cover &C) { return reads(S, C.Array); });
      llvm::SmallVector<const Stmt *, 4> Enclosing;
      for (const Cover &C : Covers)
        dropCovered(S, C, Enclosing);
      if (I > 0)
        addCovers(B[I - 1], S, B, Covers);
      visit(S.Then);
      visit(S.Else);
    }
  }

private:
  /// An array whose elements [0, Bound) a loop saved, earlier in the block.
  struct Cover {
    const VarDecl *Array;
    const Expr *Bound;
  };

  /// Whether an adjoint of S (or a value S computes) may read Array: a
  /// name of it anywhere but as the element an assignment overwrites, or
  /// added to, which no adjoint reads.
  static bool reads(const Stmt &S, const VarDecl *Array) {
    auto Names = [&](const clang::Stmt *E) { return mentions(E, Array); };
    if (Names(S.Value) || Names(S.Call) || Names(S.CondExpr))
      return true;
    if (S.LValue) {
      const Expr *Index = indexInto(S.LValue, Array);
      if (Index ? Names(Index) || (S.Op != BO_Assign && S.Op != BO_AddAssign &&
                                   S.Op != BO_SubAssign)
                : Names(S.LValue))
        return true;
    }
    return llvm::any_of(S.Then,
                        [&](const Stmt &T) { return reads(T, Array); }) ||
           llvm::any_of(S.Else, [&](const Stmt &T) { return reads(T, Array); });
  }

  /// Clears the saves in S (inside the loops Enclosing) of elements
  /// C.Array[r] where r is the counter of an enclosing loop that runs
  /// while r < C.Bound, and that only its step changes.
  void dropCovered(Stmt &S, const Cover &C,
                   llvm::SmallVectorImpl<const Stmt *> &Enclosing) {
    if (S.K == Stmt::Kind::Assign && S.SaveOld && !S.Recompute)
      if (const DeclRefExpr *Index = declRef(indexInto(S.LValue, C.Array)))
        if (llvm::any_of(Enclosing, [&](const Stmt *Loop) {
              const BinaryOperator *Test = upperBoundTest(*Loop);
              return declRef(Test->getLHS())->getDecl() == Index->getDecl() &&
                     sameBound(Test->getRHS(), C.Bound) &&
                     fixedIn(varOf(Index), Loop->Then);
            }))
          S.SaveOld = false;
    bool Bounds = upperBoundTest(S) != nullptr;
    if (Bounds)
      Enclosing.push_back(&S);
    for (Stmt &T : S.Then)
      dropCovered(T, C, Enclosing);
    if (Bounds)
      Enclosing.pop_back();
    for (Stmt &T : S.Else)
      dropCovered(T, C, Enclosing);
  }

  /// `j = 0; while (j < n) { a[j] = ...; ...; j += 1; }` (Init, then Loop,
  /// in the block B), a body of assignments only, saving each a[j]: every
  /// element of a in [0, n) is put back by the loop's restores.
  void addCovers(const Stmt &Init, const Stmt &Loop, const Block &B,
                 llvm::SmallVectorImpl<Cover> &Covers) {
    const BinaryOperator *Test = upperBoundTest(Loop);
    if (!Test || Loop.Else.size() != 1 || !stableIn(Test->getRHS(), B))
      return;
    int Counter = varOf(declRef(Test->getLHS()));
    const Stmt &Step = Loop.Else.front();
    auto IsInt = [](const Expr *E, unsigned V) {
      auto *L = dyn_cast_or_null<IntegerLiteral>(E ? E->IgnoreParenImpCasts()
                                                   : nullptr);
      return L && L->getValue() == V;
    };
    if (Counter < 0 || Init.K != Stmt::Kind::Assign || Init.Var != Counter ||
        Init.Op != BO_Assign || !Init.Path.empty() || !IsInt(Init.Value, 0) ||
        Step.K != Stmt::Kind::Assign || Step.Var != Counter ||
        Step.Op != BO_AddAssign || (Step.Value && !IsInt(Step.Value, 1)) ||
        !fixedIn(Counter, Loop.Then))
      return;
    if (!llvm::all_of(Loop.Then,
                      [](const Stmt &S) { return S.K == Stmt::Kind::Assign; }))
      return;
    for (const Stmt &S : Loop.Then) {
      if (!S.SaveOld || S.Recompute || !S.LValue)
        continue;
      auto *Sub = dyn_cast<ArraySubscriptExpr>(S.LValue->IgnoreParens());
      const DeclRefExpr *Base = Sub ? declRef(Sub->getBase()) : nullptr;
      const DeclRefExpr *Index = Sub ? declRef(Sub->getIdx()) : nullptr;
      int Array = varOf(Base);
      if (Array < 0 || varOf(Index) != Counter ||
          IR.Vars[Array].K != Variable::Kind::Local)
        continue;
      const VarDecl *D = declOf(Array);
      const auto *Type =
          D ? IR.Function->getASTContext().getAsConstantArrayType(D->getType())
            : nullptr;
      if (!Type || !Type->getElementType()->isRealFloatingType() ||
          !onlyDirect(D) || reads(Loop, D) ||
          llvm::any_of(Covers, [&](const Cover &C) { return C.Array == D; }))
        continue;
      Covers.push_back({D, Test->getRHS()});
    }
  }
};

/// Marks the loops the reverse sweep runs again by counting their counter
/// back (see markCountedLoops).
class CountedLoops : LoopFacts {
public:
  CountedLoops(FunctionIR &IR, const ExprPrinter &Printer)
      : LoopFacts(IR), Printer(Printer) {}

  void visit(Block &B) {
    for (unsigned I = 0; I < B.size(); ++I) {
      if (I > 0)
        mark(B[I - 1], B[I]);
      visit(B[I].Then);
      visit(B[I].Else);
    }
  }

private:
  static bool hasRaw(const Block &B) {
    return llvm::any_of(B, [](const Stmt &S) {
      return S.K == Stmt::Kind::Raw || hasRaw(S.Then) || hasRaw(S.Else);
    });
  }

  /// Whether E has the same value wherever the loop Loop with counter V
  /// runs: literals and constants, and variables the loop leaves alone,
  /// combined by arithmetic. Signed integers all through, so that E printed
  /// without its implicit conversions has the value the loop saw, and
  /// nothing wraps around.
  bool stable(const Expr *E, const Stmt &Loop, int V) const {
    E = E->IgnoreParenImpCasts();
    if (!E->getType()->isSignedIntegerType())
      return false;
    if (isa<IntegerLiteral>(E))
      return true;
    if (auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      int Var = varOf(Ref);
      if (Var < 0) {
        auto *Global = dyn_cast<VarDecl>(Ref->getDecl());
        return Global && Global->getType().isConstQualified();
      }
      return Var != V && fixedIn(Var, Loop.Then) && fixedIn(Var, Loop.Else);
    }
    if (auto *U = dyn_cast<UnaryOperator>(E))
      return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) &&
             stable(U->getSubExpr(), Loop, V);
    if (auto *B = dyn_cast<BinaryOperator>(E))
      return (B->isAdditiveOp() || B->isMultiplicativeOp()) &&
             stable(B->getLHS(), Loop, V) && stable(B->getRHS(), Loop, V);
    return false;
  }

  /// `v = a;` then a loop whose step `v += k` alone changes v.
  void mark(Stmt &Init, Stmt &Loop) {
    if (Loop.K != Stmt::Kind::Loop || Loop.Else.size() != 1)
      return;
    const Stmt &Step = Loop.Else.front();
    int V = Step.Var;
    // (As the reverse sweep's inverse step reads it: AdjointEmitter.)
    auto *Literal = dyn_cast_or_null<IntegerLiteral>(
        Step.Value ? skipImplicit(Step.Value) : nullptr);
    // (An unsigned counter may wrap around: `for (i = n - 1; i < n; --i)`.)
    if (Step.K != Stmt::Kind::Assign || V < 0 || !Step.Path.empty() ||
        (Step.Op != BO_AddAssign && Step.Op != BO_SubAssign) ||
        !IR.Vars[V].Type->isSignedIntegerType() || (Step.Value && !Literal) ||
        (Literal && Literal->getValue().isZero()))
      return;
    if (Init.K != Stmt::Kind::Assign || Init.Var != V || !Init.Path.empty() ||
        Init.Op != BO_Assign || !Init.Value || Init.Recompute)
      return;
    // (`int i = big;` would truncate: the start printed would not be i's.)
    ASTContext &Ctx = IR.Function->getASTContext();
    if (Ctx.getTypeSize(Init.Value->IgnoreParenImpCasts()->getType()) >
        Ctx.getTypeSize(IR.Vars[V].Type))
      return;
    // (A break or continue sets a flag: the loop may end elsewhere.)
    if (!fixedIn(V, Loop.Then) || hasRaw(Loop.Then) ||
        !stable(Init.Value, Loop, V))
      return;
    Loop.CountedFromText = Printer.print(Init.Value);
    if (!Literal || Literal->getValue() == 1)
      Loop.CountedToText = endFromTest(Loop, V, Step.Op == BO_AddAssign);
    // The reverse loop then sets v itself; a v declared by the for
    // statement is read nowhere else, so its value before is never needed.
    if (!Loop.CountedToText.empty() && declaredByFor(declOf(V)))
      Init.SaveOld = false;
  }

  bool declaredByFor(const VarDecl *V) const {
    if (!V)
      return false;
    ASTContext &Ctx = IR.Function->getASTContext();
    for (const DynTypedNode &Decl : Ctx.getParents(*V))
      if (auto *DS = Decl.get<DeclStmt>())
        for (const DynTypedNode &Loop : Ctx.getParents(*DS))
          if (auto *For = Loop.get<ForStmt>(); For && For->getInit() == DS)
            return true;
    return false;
  }

  /// Where a unit step ends v, as the test `v < n` says (n, or n + 1 for
  /// `v <= n`; n or n - 1 for a step down and `v > n`, `v >= n`), or empty.
  std::string endFromTest(const Stmt &Loop, int V, bool Up) const {
    const BinaryOperator *Test = counterTest(Loop);
    if (!Test || varOf(declRef(Test->getLHS())) != V ||
        !stable(Test->getRHS(), Loop, V))
      return "";
    // (stable allows only arithmetic that binds at least as tightly as
    // `+`: `n - 1 + 1` needs no parentheses.)
    auto Plus = [&](int One) {
      if (auto *Literal =
              dyn_cast<IntegerLiteral>(Test->getRHS()->IgnoreParenImpCasts()))
        return std::to_string(Literal->getValue().getSExtValue() + One);
      return Printer.print(Test->getRHS()) + (One > 0 ? " + 1" : " - 1");
    };
    switch (Test->getOpcode()) {
    case BO_LT:
      return Up ? Printer.print(Test->getRHS()) : "";
    case BO_LE:
      return Up ? Plus(1) : "";
    case BO_GT:
      return Up ? "" : Printer.print(Test->getRHS());
    case BO_GE:
      return Up ? "" : Plus(-1);
    default:
      return "";
    }
  }

  const ExprPrinter &Printer;
};

} // namespace

void dropCoveredSaves(FunctionIR &IR) {
  if (IR.Function->getBody())
    CoveredSaves(IR).visit(IR.Body);
}

void markCountedLoops(FunctionIR &IR, const ExprPrinter &Printer) {
  if (IR.Function->getBody())
    CountedLoops(IR, Printer).visit(IR.Body);
}

} // namespace ddx
