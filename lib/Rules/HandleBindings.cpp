//===- HandleBindings.cpp -------------------------------------------------===//
#include "Rules/HandleBindings.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include <vector>

using namespace clang;

namespace ddx {
namespace {

/// The variable E names (through parentheses and conversions), or null.
const DeclRefExpr *variableRef(const Expr *E) {
  auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && isa<VarDecl>(Ref->getDecl()) ? Ref : nullptr;
}

/// E without parentheses, conversions and the braces of a scalar's
/// initializer (`T *p{f()}`).
const Expr *unbraced(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (auto *List = dyn_cast<InitListExpr>(E); List && List->getNumInits() == 1)
    return List->getInit(0)->IgnoreParenImpCasts();
  return E;
}

/// The variable whose storage E denotes a part of (`c`, `c.b`, `a[i]`).
const VarDecl *storageVariable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (auto *M = dyn_cast<MemberExpr>(E))
    return M->isArrow() ? nullptr : storageVariable(M->getBase());
  if (auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return storageVariable(S->getBase());
  auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// The variable `&x` points to, or null.
const VarDecl *addressOf(const Expr *E) {
  auto *U = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
  return U && U->getOpcode() == UO_AddrOf ? storageVariable(U->getSubExpr())
                                          : nullptr;
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

/// Whether a handle lives in a local variable of the function (not a
/// parameter or a global, which others may set up too).
bool isLocal(const ValueDecl *D) {
  auto *V = dyn_cast_or_null<VarDecl>(D);
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V);
}

/// Whether Call calls a function of a library's: declared in a system
/// header, with no rule and no definition.
bool isLibraryCall(const CallExpr *Call, const CallBinding &B) {
  const FunctionDecl *FD = Call->getDirectCallee();
  return B.K == CallBinding::Kind::Opaque && FD &&
         FD->getASTContext().getSourceManager().isInSystemHeader(
             FD->getLocation());
}

/// Whether a library call on a handle computes with it and gives nothing
/// back a derivative could be lost in: no floating-point value or struct
/// (or pointer to one) as its result, no pointer to a floating-point value
/// it writes.
bool isLibraryUse(const CallExpr *Call, const CallBinding &B) {
  if (!isLibraryCall(Call, B))
    return false;
  QualType Result = Call->getType();
  if (Result->isPointerType())
    Result = Result->getPointeeType();
  if (Result->isFloatingType() || Result->isRecordType())
    return false;
  for (const ParmVarDecl *P : Call->getDirectCallee()->parameters()) {
    QualType T = P->getType();
    if (T->isPointerType() && !T->getPointeeType().isConstQualified() &&
        T->getPointeeType()->isFloatingType())
      return false;
  }
  return true;
}

struct SetUp {
  const CallExpr *Call;
  const ValueDecl *Handle;
  const Expr *Callable;
  std::string Field;
  bool Returned = false; ///< the call returns the handle
};

/// Collects the set-up calls, the reads and every use of a variable, which
/// uses are the library's own, what structs point to and what is written.
class HandleUses : public RecursiveASTVisitor<HandleUses> {
public:
  explicit HandleUses(const RuleBinder &Rules) : Rules(Rules) {}

  std::vector<SetUp> SetUps;
  std::vector<std::pair<const CallExpr *, const Expr *>> Reads;
  /// The reads that run the solver themselves (a driver's apply, which
  /// writes the state it steps): they compute with the function as it is
  /// when they are called, not as it was at the set-up.
  llvm::SmallPtrSet<const CallExpr *, 4> Steps;
  std::vector<const DeclRefExpr *> Uses;
  llvm::SmallPtrSet<const DeclRefExpr *, 8> LibraryUses;
  /// Uses as an argument of a function of the user's, and that function.
  llvm::DenseMap<const DeclRefExpr *, const FunctionDecl *> PassedTo;
  /// The variables a struct's fields are given the addresses of (a
  /// gsl_function's params), in its initializer or by assignment.
  llvm::DenseMap<const VarDecl *, llvm::SmallPtrSet<const VarDecl *, 2>>
      PointsTo;
  /// Assignments and steps, with the variable whose storage they change.
  std::vector<std::pair<const VarDecl *, const Expr *>> Writes;
  /// Pointers initialized by something other than the library's calls
  /// (the handles among them are refused).
  std::vector<const VarDecl *> MadeElsewhere;
  /// Arguments of set-up calls that must name one of a list of variables
  /// (DDX_ONE_OF), with the list.
  struct Choice {
    const CallExpr *Call;
    const Expr *Arg;
    std::string Names;
  };
  std::vector<Choice> Choices;
  /// Uses of a variable that read its value (and nothing else: no write,
  /// no address, no reference bound to it).
  llvm::SmallPtrSet<const DeclRefExpr *, 16> ValueReads;
  /// The variable each call initializes or is assigned to.
  llvm::DenseMap<const CallExpr *, const ValueDecl *> Receiver;

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (isa<VarDecl>(Ref->getDecl()) && Ref->getType()->isPointerType())
      Uses.push_back(Ref);
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    const Expr *Init = V->getInit();
    if (!Init)
      return true;
    if (auto *Call = dyn_cast<CallExpr>(unbraced(Init)))
      Receiver[Call] = V;
    if (auto *List = dyn_cast<InitListExpr>(Init->IgnoreParenImpCasts()))
      for (const Expr *Part : List->inits())
        if (const VarDecl *Target = addressOf(Part))
          PointsTo[V].insert(Target);
    if (V->getType()->isPointerType() && !madeByLibrary(unbraced(Init)))
      MadeElsewhere.push_back(V);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    CallBinding B = Rules.bind(Call);
    for (unsigned I = 0; I < Call->getNumArgs() && I < B.Roles.size(); ++I) {
      const Expr *Arg = Call->getArg(I);
      const DeclRefExpr *Ref = variableRef(Arg);
      ParamRole R = B.Roles[I];
      if (B.K == CallBinding::Kind::Binder && I < B.OneOf.size() &&
          !B.OneOf[I].empty())
        Choices.push_back({Call, Arg, B.OneOf[I]});
      if (B.K == CallBinding::Kind::Binder && R == ParamRole::Handle) {
        int Callable = B.roleIndex(ParamRole::Callable);
        SetUps.push_back({Call, Ref ? Ref->getDecl() : nullptr,
                          Call->getArg(Callable), B.CallableField});
      } else if (B.K == CallBinding::Kind::Rule && B.Bound &&
                 R == ParamRole::Handle) {
        Reads.emplace_back(Call, Arg);
        if (B.hasOutputs())
          Steps.insert(Call);
      } else if (R != ParamRole::Option) {
        continue;
      }
      if (Ref)
        LibraryUses.insert(Ref);
    }
    // A set-up call that returns the handle (a driver's allocation) sets
    // up the variable it initializes or is assigned to.
    if (B.K == CallBinding::Kind::Binder && B.ReturnsHandle)
      SetUps.push_back({Call, Receiver.lookup(Call),
                        Call->getArg(B.roleIndex(ParamRole::Callable)),
                        B.CallableField, /*Returned=*/true});
    // The library's other calls on a handle (iterate, free) compute with
    // it. Any other function (the user's, whose body ddx would
    // differentiate without the function the handle works on, or one
    // that returns a value without a rule) is refused below.
    bool Library = isLibraryUse(Call, B);
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
    if (Op->isAssignmentOp())
      if (const VarDecl *Written = storageVariable(Op->getLHS()))
        Writes.emplace_back(Written, Op);
    // `F.params = &p`.
    if (auto *M = dyn_cast<MemberExpr>(Op->getLHS()->IgnoreParenImpCasts());
        Op->getOpcode() == BO_Assign && M && !M->isArrow())
      if (const VarDecl *Holder = storageVariable(M->getBase()))
        if (const VarDecl *Target = addressOf(Op->getRHS()))
          PointsTo[Holder].insert(Target);
    // A handle made again (`s = gsl_root_fsolver_alloc(T)`), or compared.
    if (Op->getOpcode() == BO_Assign && madeByLibrary(Op->getRHS()))
      if (const DeclRefExpr *Ref = variableRef(Op->getLHS())) {
        LibraryUses.insert(Ref);
        if (auto *Call =
                dyn_cast<CallExpr>(Op->getRHS()->IgnoreParenImpCasts()))
          Receiver[Call] = Ref->getDecl();
      }
    if (Op->isEqualityOp())
      for (const Expr *Side : {Op->getLHS(), Op->getRHS()})
        if (const DeclRefExpr *Ref = variableRef(Side))
          LibraryUses.insert(Ref);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *Op) {
    if (Op->isIncrementDecrementOp())
      if (const VarDecl *Written = storageVariable(Op->getSubExpr()))
        Writes.emplace_back(Written, Op);
    if (Op->getOpcode() == UO_LNot)
      if (const DeclRefExpr *Ref = variableRef(Op->getSubExpr()))
        LibraryUses.insert(Ref);
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      if (auto *Ref = dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens()))
        ValueReads.insert(Ref);
    if (Cast->getCastKind() == CK_PointerToBoolean)
      if (const DeclRefExpr *Ref = variableRef(Cast->getSubExpr()))
        LibraryUses.insert(Ref);
    return true;
  }

private:
  /// A pointer the library's allocation gives, or null.
  bool madeByLibrary(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (E->isNullPointerConstant(Rules.context(),
                                 Expr::NPC_ValueDependentIsNotNull))
      return true;
    auto *Call = dyn_cast<CallExpr>(E);
    if (!Call)
      return false;
    CallBinding B = Rules.bind(Call);
    return isLibraryCall(Call, B) ||
           (B.K == CallBinding::Kind::Binder && B.ReturnsHandle);
  }

  const RuleBinder &Rules;
};

std::string calleeName(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  return FD ? FD->getNameAsString() : "the call";
}

/// Binds the reads of one function body and refuses what it cannot bind.
class Binding {
public:
  Binding(const HandleUses &U, DiagReporter &Diags, const SourceManager &SM)
      : U(U), Diags(Diags), SM(SM) {}

  bool run(llvm::DenseMap<const CallExpr *, BoundCallable> &Callables) {
    for (const auto &C : U.Choices)
      checkChoice(C);
    for (const SetUp &S : U.SetUps)
      if (S.Handle)
        Handles.insert(S.Handle);
      else
        refuse(S.Returned ? S.Call->getExprLoc()
                          : S.Call->getArg(0)->getExprLoc(),
               "ddx follows the solver set up by '" + calleeName(S.Call) +
                   "' through a variable: pass the variable that holds the "
                   "solver");
    for (auto [Read, Handle] : U.Reads)
      if (const SetUp *S = setUpOf(Read, Handle)) {
        Callables[Read] = {S->Callable, S->Field};
        if (!U.Steps.contains(Read))
          checkCapturesKept(*S, Read);
      }
    checkUses();
    return Ok;
  }

private:
  void refuse(SourceLocation At, const std::string &Message) {
    Diags.error(At, Message);
    Ok = false;
  }

  /// Refuses an argument that does not name one of the variables a
  /// DDX_ONE_OF option lists (a stepper type the rules have no method for),
  /// directly or through a local variable it initializes and nothing
  /// writes again.
  void checkChoice(const HandleUses::Choice &C) {
    llvm::SmallVector<llvm::StringRef, 8> Names;
    llvm::StringRef(C.Names).split(Names, ' ', -1, /*KeepEmpty=*/false);
    const DeclRefExpr *Ref = variableRef(C.Arg);
    auto *Local = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    const Expr *Again = nullptr;
    if (Local && isLocal(Local) && Local->getInit()) {
      // Only read where it is used: never assigned, its address never
      // taken, no reference bound to it (through which it could change).
      for (const DeclRefExpr *Use : U.Uses)
        if (Use->getDecl() == Local && !U.ValueReads.contains(Use))
          Again = Use;
      if (!Again)
        Ref = variableRef(unbraced(Local->getInit()));
    }
    if (!Again && Ref && isLibraryVariable(Ref->getDecl()) &&
        llvm::is_contained(Names, Ref->getDecl()->getName()))
      return;
    std::string What =
        Again ? "'" + Local->getNameAsString() +
                    "' may be changed in this function, so ddx cannot tell "
                    "which it holds"
        : Ref ? "this argument is '" +
                    Ref->getDecl()->getQualifiedNameAsString() + "'"
              : "this argument does not name one of them";
    refuse(C.Arg->getExprLoc(), "ddx differentiates '" + calleeName(C.Call) +
                                    "' with " + llvm::join(Names, ", ") +
                                    " only; " + What);
    if (Again)
      Diags.note(Again->getExprLoc(), "changed, or made changeable, here");
    Diags.note(C.Arg->getExprLoc(),
               "name one of them here, as the argument itself or the "
               "initializer of a local variable used nowhere else but read");
  }

  /// A variable the library declares at file scope (GSL's stepper types),
  /// not one of the user's of the same name.
  bool isLibraryVariable(const ValueDecl *D) const {
    auto *V = dyn_cast<VarDecl>(D);
    return V && V->hasGlobalStorage() &&
           V->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
           SM.isInSystemHeader(V->getLocation());
  }

  /// The set-up call whose callable a read of Handle gets: one of a local
  /// handle in this function, the last before the read in the text. All
  /// must set up the same callable.
  const SetUp *setUpOf(const CallExpr *Read, const Expr *Handle) {
    const DeclRefExpr *Ref = variableRef(Handle);
    if (Ref)
      Handles.insert(Ref->getDecl());
    if (Ref && !isLocal(Ref->getDecl()) &&
        llvm::any_of(U.SetUps, [&](const SetUp &S) {
          return S.Handle == Ref->getDecl();
        })) {
      std::string Name = Ref->getDecl()->getNameAsString();
      refuse(Read->getExprLoc(),
             "ddx binds the reads of a solver held in a local variable of "
             "the function that sets it up; '" +
                 Name + "' is " +
                 (isa<ParmVarDecl>(Ref->getDecl()) ? "a parameter"
                                                   : "not a local") +
                 ", and its holder could set it up with another function "
                 "in between");
      Diags.note(Ref->getDecl()->getLocation(),
                 "allocate the solver (gsl_root_fsolver_alloc) in the "
                 "function that sets it up and reads it");
      return nullptr;
    }
    const SetUp *Found = nullptr;
    for (const SetUp &S : U.SetUps) {
      if (!Ref || !isLocal(Ref->getDecl()) || S.Handle != Ref->getDecl())
        continue;
      if (Found && !sameCallable(Found->Callable, S.Callable)) {
        refuse(S.Callable->getExprLoc(),
               "the solver '" + Ref->getDecl()->getNameAsString() +
                   "' is set up with two different functions here; ddx binds "
                   "the function a solver's results come from statically, so "
                   "it needs one per solver");
        Diags.note(Found->Callable->getExprLoc(),
                   "it was set up with this one; use a solver for each "
                   "function");
        return nullptr;
      }
      if (!Found || SM.isBeforeInTranslationUnit(S.Call->getBeginLoc(),
                                                 Read->getBeginLoc()))
        Found = &S;
    }
    if (!Found) {
      refuse(Read->getExprLoc(),
             "ddx cannot tell which function the solver read by '" +
                 calleeName(Read) +
                 "' works on: it follows a solver from the call that sets it "
                 "up in the same function");
      Diags.note(Read->getExprLoc(),
                 "set the solver up (gsl_root_fsolver_set, "
                 "gsl_min_fminimizer_set) in the function that reads its "
                 "results, and hold it in a local variable there");
    }
    return Found;
  }

  /// Refuses a write, between the set-up and a read, to what the set-up's
  /// function points to (its parameters): the library found the result
  /// with the function as it was, and the read's derivative would take it
  /// as it is.
  void checkCapturesKept(const SetUp &S, const CallExpr *Read) {
    const Expr *Callable = S.Callable->IgnoreParenImpCasts();
    const VarDecl *Holder = addressOf(Callable);
    if (auto *Ref = dyn_cast<DeclRefExpr>(Callable); !Holder && Ref)
      Holder = dyn_cast<VarDecl>(Ref->getDecl());
    auto Targets = U.PointsTo.find(Holder);
    if (!Holder || Targets == U.PointsTo.end())
      return;
    for (auto [Written, At] : U.Writes) {
      if (!Targets->second.contains(Written) ||
          !SM.isBeforeInTranslationUnit(S.Call->getEndLoc(),
                                        At->getBeginLoc()) ||
          !SM.isBeforeInTranslationUnit(At->getEndLoc(), Read->getBeginLoc()))
        continue;
      refuse(At->getBeginLoc(),
             "'" + Written->getNameAsString() +
                 "', which the solver's function reads, changes here, after "
                 "the solver was set up and before '" +
                 calleeName(Read) +
                 "' reads its result: the library found the result with the "
                 "function as it was, and its derivative would be taken with "
                 "the function as it is");
      Diags.note(S.Call->getExprLoc(),
                 "change it before setting the solver up, and set it up "
                 "again after each change");
    }
  }

  void checkUses() {
    for (const VarDecl *V : U.MadeElsewhere)
      if (Handles.contains(V))
        refuse(V->getInit()->getExprLoc(),
               "ddx follows a solver the library allocates "
               "(gsl_root_fsolver_alloc); '" +
                   V->getNameAsString() +
                   "' is given one from elsewhere, which may be set up "
                   "with another function");
    for (const DeclRefExpr *Use : U.Uses) {
      if (!Handles.contains(Use->getDecl()) || U.LibraryUses.contains(Use))
        continue;
      std::string Name = Use->getDecl()->getNameAsString();
      if (const FunctionDecl *Callee = U.PassedTo.lookup(Use)) {
        refuse(Use->getExprLoc(),
               "ddx follows the solver '" + Name +
                   "' only through the library's own calls, not into '" +
                   Callee->getNameAsString() +
                   "', where its results would be read without the function "
                   "it works on");
        Diags.note(Use->getExprLoc(),
                   "iterate the solver and read its results in the function "
                   "that sets it up");
        continue;
      }
      refuse(Use->getExprLoc(),
             "ddx follows the solver '" + Name +
                 "' only through the library's own calls, and this use could "
                 "read a result without its derivative");
      Diags.note(Use->getExprLoc(),
                 "read its results with the library's functions "
                 "(gsl_root_fsolver_root, gsl_min_fminimizer_x_minimum, ...), "
                 "which ddx has rules for");
    }
  }

  const HandleUses &U;
  DiagReporter &Diags;
  const SourceManager &SM;
  llvm::SmallPtrSet<const ValueDecl *, 4> Handles;
  bool Ok = true;
};

} // namespace

bool bindHandles(const clang::Stmt *Body, const RuleBinder &Rules,
                 DiagReporter &Diags,
                 llvm::DenseMap<const CallExpr *, BoundCallable> &Callables,
                 llvm::DenseSet<const CallExpr *> &Allocations) {
  if (!Body)
    return true;
  HandleUses U(Rules);
  U.TraverseStmt(const_cast<clang::Stmt *>(Body));
  if (U.SetUps.empty() && U.Reads.empty())
    return true;
  for (const SetUp &S : U.SetUps)
    if (S.Returned)
      Allocations.insert(S.Call);
  return Binding(U, Diags, Rules.context().getSourceManager()).run(Callables);
}

} // namespace ddx
