//===- AliasedArguments.cpp -----------------------------------------------===//
#include "Lowering/AliasedArguments.h"
#include "Activity/ActivityAnalysis.h"
#include "Activity/PointerTargets.h"
#include "Plan/CallableResolver.h"
#include "Support/Describe.h"
#include "Support/Diagnostics.h"
#include "Support/ExprPrinter.h"
#include "Support/HeapCalls.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

using namespace clang;

namespace ddx {

namespace {
/// The storage an argument names, as the variable it is in and the steps
/// down to it: a member, a constant index, or anything (a computed index,
/// a dereference).
struct AccessPath {
  struct Step {
    const FieldDecl *Field = nullptr;
    std::optional<llvm::APSInt> Index; ///< none with no Field: anything
    bool Deref = false; ///< through a pointer (`*p`, `p[i]`, `p->`)
    static Step through() { return {nullptr, std::nullopt, true}; }
  };
  /// The storage this path's pointer (or smart pointer) points to.
  AccessPath through() const {
    AccessPath P = *this;
    P.Steps.push_back(Step::through());
    return P;
  }
  const ValueDecl *Root = nullptr;
  bool This = false; ///< rooted at `this` (Root null)
  llvm::SmallVector<Step, 4> Steps;

  static AccessPath of(const Expr *E, const ASTContext &Ctx) {
    E = E->IgnoreParenImpCasts();
    AccessPath P;
    auto Element = [&](const Expr *Container, const Expr *Index) {
      P = of(Container, Ctx);
      P.Steps.push_back(
          {nullptr, Index ? Index->getIntegerConstantExpr(Ctx) : std::nullopt});
    };
    // A container's element: `v[i]`, `v.at(i)`, `v.front()`, `v.back()`.
    if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
        Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2) {
      Element(Op->getArg(0), Op->getArg(1));
      return P;
    }
    if (auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *M = Call->getMethodDecl();
      llvm::StringRef Name =
          M && M->getIdentifier() && M->getParent()->isInStdNamespace()
              ? M->getName()
              : "";
      if (Name == "at" && Call->getNumArgs() == 1)
        Element(Call->getImplicitObjectArgument(), Call->getArg(0));
      else if (Name == "front" || Name == "back")
        Element(Call->getImplicitObjectArgument(),
                Name == "front" ? IntegerLiteral::Create(
                                      Ctx, llvm::APInt(32, 0), Ctx.IntTy, {})
                                : nullptr);
      return P;
    }
    if (isa<CXXThisExpr>(E)) {
      P.This = true;
      return P;
    }
    // Through a smart pointer: `p.get()` and `p->` name its pointer, `*p`
    // and `p[i]` its memory.
    if (const Expr *Smart = smartPointerOf(E))
      return of(Smart, Ctx);
    if (const Expr *Smart = smartDereferenced(E)) {
      P = of(Smart, Ctx);
      auto *Op = cast<CXXOperatorCallExpr>(E);
      P.Steps.push_back({nullptr,
                         Op->getOperator() == OO_Subscript
                             ? Op->getArg(1)->getIntegerConstantExpr(Ctx)
                             : std::nullopt,
                         true});
      return P;
    }
    if (auto *M = dyn_cast<MemberExpr>(E)) {
      P = of(M->getBase(), Ctx);
      if (M->isArrow())
        P.Steps.push_back(Step::through());
      P.Steps.push_back({dyn_cast<FieldDecl>(M->getMemberDecl()), {}});
    } else if (auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
      P = of(S->getBase(), Ctx);
      P.Steps.push_back({nullptr, S->getIdx()->getIntegerConstantExpr(Ctx),
                         S->getBase()->getType()->isPointerType()});
    } else if (auto *U = dyn_cast<UnaryOperator>(E);
               U && U->getOpcode() == UO_Deref) {
      P = of(U->getSubExpr(), Ctx);
      P.Steps.push_back(Step::through());
    } else if (U && U->getOpcode() == UO_AddrOf) {
      P = of(U->getSubExpr(), Ctx);
    } else if (auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
      if (Var && Var->getType()->isReferenceType() && Var->getInit() &&
          !isa<ParmVarDecl>(Var))
        return of(Var->getInit(), Ctx);
      P.Root = Ref->getDecl();
    }
    return P;
  }

  /// Whether the two may name overlapping storage: one is a part of the
  /// other, as far as the text says (different members do not overlap),
  /// or both go on through pointers after they part (`l.a->x` and
  /// `l.b->x`: two pointers may hold one address).
  bool overlaps(const AccessPath &O, bool ThroughPointers = true) const {
    if ((!Root && !This) || Root != O.Root || This != O.This)
      return false;
    for (unsigned I = 0; I < Steps.size() && I < O.Steps.size(); ++I) {
      const Step &A = Steps[I], &B = O.Steps[I];
      if ((A.Field && B.Field && A.Field != B.Field) ||
          (A.Index && B.Index && *A.Index != *B.Index))
        return ThroughPointers && derefsAfter(I) && O.derefsAfter(I);
    }
    return true;
  }
  bool derefsAfter(unsigned I) const {
    return llvm::any_of(llvm::drop_begin(Steps, I + 1),
                        [](const Step &S) { return S.Deref; });
  }
};

/// Where a pointer variable's value may have come from: the pointer
/// variables it was set from, directly or through copies (`v = u`,
/// `w = v + 1`, `s = t.get()`), itself included. Flow-insensitive, as
/// PointerTargets is; a fresh allocation (`u = new double[3]`,
/// `make_unique`) has no source but its own variable.
class PointerLineage {
public:
  PointerLineage(const FunctionIR &IR, const PointerTargets &Pointers)
      : IR(IR), Pointers(Pointers), Sources(IR.Vars.size()) {
    collect(IR.Body);
  }

  /// The storage a path rooted at Root may name, as variable indices and
  /// PointerTargets' outside memory: Root itself, and for a pointer what
  /// it and every pointer it was copied from may point into.
  llvm::SmallVector<int, 8> origins(int Root) const {
    llvm::SmallVector<int, 8> Seen{Root};
    for (unsigned I = 0; I < Seen.size(); ++I) {
      int V = Seen[I];
      if (!PointerTarget::isVariable(V))
        continue;
      auto Add = [&](int T) {
        if (T != PointerTarget::Unknown && !llvm::is_contained(Seen, T))
          Seen.push_back(T);
      };
      llvm::for_each(Sources[V], Add);
      llvm::for_each(Pointers.targetsOf(V), Add);
    }
    return Seen;
  }

private:
  void collect(const Block &B) {
    for (const Stmt &S : B) {
      collect(S.Then);
      collect(S.Else);
      // (What `new` or make_unique is given is a value for new memory.)
      if (S.K != Stmt::Kind::Assign || S.Allocate || S.Var < 0 ||
          !S.Path.empty() || S.LValue || !S.Value ||
          Pointers.targetsOf(S.Var).empty())
        continue;
      addPointers(S.Value, Sources[S.Var]);
    }
  }
  /// Every pointer variable E mentions (conservatively: `p = q + n`,
  /// `p = c ? a : b`, `p = &q[1]`, `p = id(q)`).
  void addPointers(const clang::Stmt *E, llvm::SmallVector<int, 2> &Into) {
    if (!E)
      return;
    if (auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      auto It = IR.VarOf.find(Ref->getDecl());
      if (It != IR.VarOf.end() && !Pointers.targetsOf(It->second).empty() &&
          !llvm::is_contained(Into, It->second))
        Into.push_back(It->second);
    }
    for (const clang::Stmt *Child : E->children())
      addPointers(Child, Into);
  }

  const FunctionIR &IR;
  const PointerTargets &Pointers;
  std::vector<llvm::SmallVector<int, 2>> Sources;
};

/// Checks each call of one lowered function.
class AliasedArgumentCheck {
public:
  AliasedArgumentCheck(const FunctionIR &IR, const ExprPrinter &Printer,
                       DiagReporter &Diags)
      : IR(IR), Ctx(Printer.context()), Diags(Diags), Pointers(IR, Printer),
        Lineage(IR, Pointers) {}

  /// Checks every call of B, reporting each refused one.
  bool check(const Block &B) {
    bool Fine = true;
    for (const Stmt &S : B) {
      if (auto *Call = dyn_cast_or_null<CallExpr>(S.Call);
          Call && S.K == Stmt::Kind::Call && Checked.insert(Call).second)
        Fine &= checkCall(Call);
      Fine &= check(S.Then);
      Fine &= check(S.Else);
    }
    return Fine;
  }

private:
  bool checkCall(const CallExpr *Call);
  /// Whether the storage the two paths name may overlap.
  bool overlap(const AccessPath &A, const AccessPath &B) const {
    if (A.Root == B.Root && A.This == B.This)
      return A.overlaps(B);
    llvm::SmallVector<int, 8> OfA = origins(A), OfB = origins(B);
    return llvm::any_of(OfA, [&](int T) { return llvm::is_contained(OfB, T); });
  }
  llvm::SmallVector<int, 8> origins(const AccessPath &P) const {
    int Root = P.This ? IR.SelfVar : -1;
    if (P.Root)
      if (auto It = IR.VarOf.find(P.Root); It != IR.VarOf.end())
        Root = It->second;
    return Root < 0 ? llvm::SmallVector<int, 8>{} : Lineage.origins(Root);
  }
  /// Refuses the call when the storage Value, passed to the const
  /// reference argument R, has its address kept in a struct (`Acc a{&u};`)
  /// and a struct holding addresses is passed too: the callee may write
  /// through the pointer it holds.
  bool checkKeptAddress(const CallExpr *Call, unsigned R,
                        const AccessPath &Value) {
    llvm::SmallVector<int, 8> Of = origins(Value);
    if (!llvm::any_of(Of, [&](int V) {
          return PointerTarget::isVariable(V) && Pointers.isStored(V);
        }))
      return true;
    for (unsigned W = 0; W < Call->getNumArgs(); ++W) {
      const Expr *Arg = Call->getArg(W);
      if (W == R || !holdsAddresses(Arg->getType().getNonReferenceType()))
        continue;
      Diags.error(Call->getArg(R)->getExprLoc(),
                  "ddx cannot differentiate this call yet: '" + name(Value) +
                      "' is passed to a const reference, and its address is "
                      "kept in a struct; '" +
                      firstLine(Arg, Ctx) +
                      "', which holds pointers, is passed too, and the "
                      "callee may change '" +
                      name(Value) +
                      "' through them; ddx takes a const reference as a "
                      "value that does not change during the call");
      Diags.note(Arg->getExprLoc(),
                 "copy the value into a local first and pass the copy, if "
                 "the callee should read the value from before the call");
      return false;
    }
    return true;
  }
  static std::string name(const AccessPath &P) {
    return P.This ? "*this" : P.Root->getNameAsString();
  }

  const FunctionIR &IR;
  ASTContext &Ctx;
  DiagReporter &Diags;
  PointerTargets Pointers;
  PointerLineage Lineage;
  llvm::SmallPtrSet<const CallExpr *, 16> Checked;
};

bool AliasedArgumentCheck::checkCall(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return true;
  unsigned Skip = memberOperatorObject(Call) ? 1 : 0;
  auto Param = [&](unsigned I) -> const ParmVarDecl * {
    return I >= Skip && I - Skip < FD->getNumParams()
               ? FD->getParamDecl(I - Skip)
               : nullptr;
  };
  // What the callee may write: the arguments for references and pointers
  // to non-const, the object of a non-const member function, and what a
  // lambda captured by reference.
  struct Writable {
    AccessPath Target;
    SourceLocation At;
    std::string What; ///< goes on "'u' " (see Passed)
    std::string Text; ///< what the callee may write, as written
    unsigned Index;   ///< the argument's, ~0u for the object or a capture
  };
  llvm::SmallVector<Writable, 4> Written;
  for (unsigned W = 0; W < Call->getNumArgs(); ++W) {
    const ParmVarDecl *P = Param(W);
    QualType WT = P ? P->getType() : QualType();
    std::string What = "also to '" + (P ? P->getNameAsString() : "") +
                       "', through which '" + FD->getNameAsString() +
                       "' may change it";
    const Expr *Arg = Call->getArg(W);
    if (P && (WT->isReferenceType() || WT->isPointerType()) &&
        !WT->getPointeeType().isConstQualified())
      Written.push_back({AccessPath::of(Arg, Ctx), Arg->getExprLoc(),
                         "is passed " + What, firstLine(Arg, Ctx), W});
    // (A smart pointer, even by const reference, writes what it owns.)
    else if (P && isSmartPointer(WT))
      Written.push_back({AccessPath::of(Arg, Ctx).through(), Arg->getExprLoc(),
                         "is passed " + What, firstLine(Arg, Ctx), W});
  }
  auto *Method = dyn_cast<CXXMethodDecl>(FD);
  const Expr *Object = memberOperatorObject(Call);
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    Object = Member->getImplicitObjectArgument();
  // (The object of `p->f()` or of `f()` in a member is what p or this
  // points to.)
  if (Method && Object && !Method->isConst() && !Method->isStatic()) {
    AccessPath Target = AccessPath::of(Object, Ctx);
    if (Object->getType()->isPointerType())
      Target = Target.through();
    Written.push_back({Target, Object->getExprLoc(),
                       "is also the object '" + FD->getNameAsString() +
                           "' is called on, which it may change",
                       firstLine(Object, Ctx), ~0u});
  }
  if (Method && Method->getParent()->isLambda())
    for (const LambdaCapture &C : Method->getParent()->captures())
      if (auto *Var = dyn_cast_or_null<VarDecl>(
              C.capturesVariable() ? C.getCapturedVar() : nullptr);
          Var && C.getCaptureKind() == LCK_ByRef && Method->getBody() &&
          isModified(Var, Method->getBody())) {
        AccessPath Target;
        Target.Root = C.getCapturedVar();
        Written.push_back({Target, C.getLocation(),
                           "is captured by reference by the lambda, which "
                           "may change it",
                           C.getCapturedVar()->getNameAsString(), ~0u});
      }
  // Generated code takes a const reference for a value that does not
  // change during the call (its derivative is passed alike); the callee
  // changing it through another argument or its object would break that.
  for (unsigned R = 0; R < Call->getNumArgs(); ++R) {
    const ParmVarDecl *Read = Param(R);
    QualType RT = Read ? Read->getType() : QualType();
    if (!Read || !RT->isLValueReferenceType() ||
        !RT->getPointeeType().isConstQualified() ||
        !isDifferentiableType(RT.getNonReferenceType()))
      continue;
    const CXXRecordDecl *Class = RT.getNonReferenceType()->getAsCXXRecordDecl();
    if (Class && Class->isInStdNamespace())
      continue; // (a container's elements are read where they are)
    AccessPath Value = AccessPath::of(Call->getArg(R), Ctx);
    if (!checkKeptAddress(Call, R, Value))
      return false;
    for (const Writable &W : Written) {
      if (W.Index == R || !overlap(Value, W.Target))
        continue;
      const AccessPath &Target = W.Target;
      std::string Passed, Subject = name(Value);
      if (Value.overlaps(Target, /*ThroughPointers=*/false)) {
        // (W.What, "is passed also to 'b', ...", after "'x' ... and ".)
        llvm::StringRef What(W.What);
        What.consume_front("is passed ");
        Passed = "' and " + What.str();
      } else {
        // Two pointers, one copied from the other (different roots), or
        // two that may hold one address (`l.a` and `l.b`).
        bool Copies = Value.Root != Target.Root || Value.This != Target.This;
        std::string Mine =
            Copies ? name(Value) : firstLine(Call->getArg(R), Ctx);
        Subject = Mine;
        std::string Theirs = Copies ? name(Target) : W.Text;
        Passed = "', and '" + Mine + "' and '" + Theirs +
                 "' may reach the same memory (" +
                 (Copies ? "a pointer reaches what it was set from, and so "
                           "do its copies"
                         : "two pointers may hold one address") +
                 "); '" + Theirs + "' " + W.What;
      }
      Diags.error(Call->getArg(R)->getExprLoc(),
                  "ddx cannot differentiate this call yet: '" + Subject +
                      "' is passed to the const reference '" +
                      Read->getNameAsString() + Passed +
                      "; ddx takes a const reference as a "
                      "value that does not change during the call");
      Diags.note(W.At,
                 "copy the value into a local first and pass the copy, if "
                 "the callee should read the value from before the call");
      return false;
    }
  }
  return true;
}
} // namespace

bool checkAliasedArguments(const FunctionIR &IR, const ExprPrinter &Printer,
                           DiagReporter &Diags) {
  return AliasedArgumentCheck(IR, Printer, Diags).check(IR.Body);
}

} // namespace ddx
