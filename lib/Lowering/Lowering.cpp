//===- Lowering.cpp -------------------------------------------------------===//
#include "Lowering/Lowering.h"
#include "Emit/ExprPrinter.h"
#include "Lowering/Constructions.h"
#include "Plan/CallableResolver.h"
#include "Requests/RequestFinder.h"
#include "Support/Describe.h"
#include "Support/Spelling.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <functional>

using namespace clang;

namespace ddx {
namespace {

using FlagSet = llvm::SmallVector<int, 4>;

/// What to do about exceptions on a derivative path: a derivative of a
/// throw has no meaning, so the check belongs before the request.
void noteExceptions(DiagReporter &Diags, SourceLocation At) {
  Diags.note(At, "check the inputs before the request and keep throwing "
                 "code out of the differentiated functions, or give the "
                 "function a derivative rule (docs/rules.md)");
}

void mergeFlags(FlagSet &Into, const FlagSet &From) {
  for (int F : From)
    if (!llvm::is_contained(Into, F))
      Into.push_back(F);
}

/// Does S contain a break (or continue) that leaves S's own loop or switch?
/// Nested loops and switches own their breaks; nested loops own continues.
bool hasJump(const clang::Stmt *S, bool Continue) {
  if (!S)
    return false;
  if (!Continue && isa<BreakStmt>(S))
    return true;
  if (Continue && isa<ContinueStmt>(S))
    return true;
  for (const clang::Stmt *Child : S->children()) {
    if (!Child)
      continue;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Child))
      continue;
    if (!Continue && isa<SwitchStmt>(Child))
      continue;
    if (hasJump(Child, Continue))
      return true;
  }
  return false;
}

/// A copy or move assignment whose operator the compiler wrote (defaulted
/// or implicit): member-wise, so it means what `=` means for a double; or
/// a std::vector's, which copies the elements and the size (`u = next;` in
/// a time-stepping loop). A user-written operator= is a member call like
/// any other.
const CXXOperatorCallExpr *valueAssignment(const Expr *E) {
  auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
  if (!Op || Op->getOperator() != OO_Equal || Op->getNumArgs() != 2)
    return nullptr;
  auto *Method = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
  if (!Method || !(Method->isCopyAssignmentOperator() ||
                   Method->isMoveAssignmentOperator()))
    return nullptr;
  const IdentifierInfo *Class = Method->getParent()->getIdentifier();
  // (Not a move from a variable, `u = std::move(n)`: n would keep its
  // shadow. A temporary moved in, `n = std::vector<double>(m)`, is fine.)
  bool Vector = Method->getParent()->isInStdNamespace() && Class &&
                Class->getName() == "vector" &&
                (Method->isCopyAssignmentOperator() ||
                 skipImplicit(Op->getArg(1))->isPRValue());
  return !Method->isUserProvided() || Vector ? Op : nullptr;
}

/// Lowers one function body.
class BodyLowerer {
public:
  BodyLowerer(ASTContext &Ctx, const RuleBinder &Rules, DiagReporter &Diags,
              OverriderIndex &Overriders, FunctionIR &IR)
      : Ctx(Ctx), Rules(Rules), Diags(Diags), Overriders(Overriders), IR(IR),
        Printer(Ctx, IR, Diags) {}

  void addParam(const ValueDecl *D, QualType Type);
  /// The object of a member function, as the parameter `self`.
  void addSelf(const CXXMethodDecl *Method);
  void lowerBody(const clang::Stmt *Body);
  /// `: x(x0), m(1.0)`, and members' default values: assignments to `self`
  /// at the start of a constructor's body.
  void lowerConstructorInits(const CXXConstructorDecl *Ctor);

private:
  struct Breakable {
    int BreakFlag = -1;
    int ContinueFlag = -1;
  };

  int newVar(llvm::StringRef Name, QualType Type, Variable::Kind K,
             const ValueDecl *D = nullptr);
  std::string uniqueName(llvm::StringRef Base);
  FlagSet lowerStmts(llvm::ArrayRef<const clang::Stmt *> Stmts, Block &Out,
                     bool FunctionLevel = false);
  FlagSet lowerStmt(const clang::Stmt *S, Block &Out, bool LastInFunction);
  FlagSet lowerLoop(const clang::Stmt *Loop, const Expr *Cond,
                    const clang::Stmt *Body, const Expr *Inc, bool TestFirst,
                    Block &Out, const std::string &CondText = "",
                    Block ExtraStep = {}, const VarDecl *CondVar = nullptr);
  FlagSet lowerRangeFor(const CXXForRangeStmt *For, Block &Out);
  FlagSet lowerSwitch(const SwitchStmt *S, Block &Out);
  /// An if's or switch's init-statement and condition variable, lowered
  /// before it (neither can jump).
  void lowerConditionPrelude(const clang::Stmt *Init, const VarDecl *CondVar,
                             Block &Out);
  void lowerDecl(const VarDecl *VD, Block &Out);
  void lowerLocal(const VarDecl *VD, llvm::StringRef Name, Block &Out);
  /// `auto [u, v] = s;`: the object decomposed is a local named after its
  /// bindings, and each binding an alias of its member or element.
  void lowerDecomposition(const DecompositionDecl *DD, Block &Out);
  /// Whether ddx sees through DD's bindings (it reports why not).
  bool isDecomposable(const DecompositionDecl *DD);
  void addBindings(const DecompositionDecl *DD);
  void lowerInit(int Var, const std::string &Path, QualType T, const Expr *Init,
                 SourceLocation Loc, Block &Out);
  /// `v.push_back(x)` (or `emplace_back(x)`) on a std::vector variable:
  /// a Grow statement (see Stmt::Grow). Returns false, doing nothing, for
  /// any other call.
  bool lowerGrow(const CXXMemberCallExpr *Call, Block &Out);
  /// Whether generated code can declare a variable of type T before it
  /// sets it (reported at Loc): with a default constructor, or, for a
  /// trivially copyable class, from zero bytes (::ddx::zero).
  bool checkBase(const CXXRecordDecl *Record, const CXXBaseSpecifier &Base,
                 const Expr *Init, SourceLocation Loc);
  static bool publicMembers(const CXXRecordDecl *Record);
  static const FieldDecl *hiddenMember(const CXXRecordDecl *Record,
                                       const CXXBaseSpecifier &Base);
  bool isDeclarable(QualType T, SourceLocation Loc);
  /// Whether a value of type T left without an initialiser is zero: not so
  /// for a class whose default constructor the user wrote, which lowering
  /// cannot run here (reported at Loc).
  bool userDefaultConstructible(QualType T, SourceLocation Loc);
  /// A user constructor building Object (the variable Var): a call of the
  /// constructor on it (see Constructions.h).
  /// Construct's arguments lifted out, then Call, the constructor called on
  /// its object (see Constructions.h), as a Call statement.
  void pushConstructorCall(const CXXConstructExpr *Construct,
                           const CXXMemberCallExpr *Call, SourceLocation Loc,
                           Block &Out);
  void lowerConstruction(const CXXConstructExpr *Construct,
                         const VarDecl *Object, int Var, Block &Out);
  /// The target of an assignment: a whole variable, or an lvalue expression.
  std::pair<int, const Expr *> assignTarget(const Expr *LHS);
  void extractRec(const Expr *E, Block &Out);
  /// Whether extractRec would lift anything out of E.
  bool hasExtractable(const Expr *E);
  /// Whether E calls a function passing a lambda, or a local naming one
  /// (`apply(lam, x)`, `lam(x)`): generated code has no primal of it.
  bool passesLambda(const Expr *E) const;
  /// Whether E steps a variable with ++ or --, or calls a function that
  /// may change what it is passed (a non-const reference or pointer, or
  /// the object of a non-const member function).
  static bool writesVariables(const Expr *E);
  /// `c ? a : b` whose branches hold calls: the branch taken is evaluated
  /// in an if, into a temporary that stands for the whole expression.
  void lowerSelect(const ConditionalOperator *C, Block &Out);
  /// Whether the glvalue E is only read for its value (so a copy may stand
  /// for it).
  bool onlyReadForValue(const Expr *E);
  /// `a && b` and `a || b` whose right side holds calls: it is evaluated
  /// in an if, as the operator would, into a bool temporary.
  void lowerShortCircuit(const BinaryOperator *B, Block &Out);
  /// Whether a call is differentiated through generated code: a user
  /// function, or a callable ddx resolves statically.
  bool isUserCall(const CallExpr *Call);
  /// Appends a Call statement; one through a pointer with several candidate
  /// functions becomes an if-chain testing the pointer, one call each.
  void pushCall(Stmt S, Block &Out);
  void pushDispatch(Stmt S, const Expr *Object, Block &Out);
  void noteOptionArgs(const CallExpr *Call);
  bool isLocalCallable(const VarDecl *VD);
  /// Copies the by-value captures of L that change later into temporaries,
  /// where L is made: calls through the local holding L pass those.
  void snapshotCaptures(const LambdaExpr *L, SourceLocation Loc, Block &Out);
  bool isStableAlias(const VarDecl *VD, const Expr *Init);
  std::string calleeBaseName(const CallExpr *Call);
  /// Whether every return of the method being lowered returns *this.
  bool returnsOnlySelf(const clang::Stmt *Body) const;
  void lowerExprStmt(const Expr *E, Block &Out);
  void emitAssign(Block &Out, SourceLocation Loc, int Var, std::string Path,
                  const Expr *LValue, BinaryOperatorKind Op, const Expr *Value);
  void extractCalls(const Expr *E, Block &Out);
  /// Reports what lowering cannot take in E. With Lifting (extractCalls),
  /// an assignment whose value is read is allowed: it is lifted out.
  bool checkExpr(const Expr *E, bool InCondition = false, bool Lifting = false);
  std::string condition(const Expr *Cond, const FlagSet &Guards);
  std::string notAny(const FlagSet &Flags);
  int flag(llvm::StringRef Base);
  /// Appends `Flag = Value;`, a primal-only statement.
  void setFlag(Block &Out, int Flag, bool Value);

  ASTContext &Ctx;
  const RuleBinder &Rules;
  DiagReporter &Diags;
  OverriderIndex &Overriders;
  FunctionIR &IR;
  ExprPrinter Printer;
  llvm::StringSet<> Used;
  std::vector<Breakable> Targets;
  int ReturnFlag = -1;
  unsigned LoopDepth = 0;
  unsigned Counters = 0;
};

std::string BodyLowerer::uniqueName(llvm::StringRef Base) {
  std::string Name = Base.str();
  for (unsigned I = 1; Used.contains(Name); ++I)
    Name = (Base + "_" + llvm::Twine(I)).str();
  Used.insert(Name);
  return Name;
}

int BodyLowerer::newVar(llvm::StringRef Name, QualType Type, Variable::Kind K,
                        const ValueDecl *D) {
  Variable V;
  V.Name = uniqueName(Name);
  V.Type = Type;
  V.K = K;
  V.Decl = D;
  IR.Vars.push_back(V);
  int Index = IR.Vars.size() - 1;
  if (D)
    IR.VarOf[D] = Index;
  return Index;
}

void BodyLowerer::addSelf(const CXXMethodDecl *Method) {
  int V = newVar("self", Ctx.getRecordType(Method->getParent()),
                 Variable::Kind::Param);
  IR.Vars[V].DeclaredType = selfParamType(Method);
  IR.Vars[V].ByReference = true;
  IR.Vars[V].ConstReference = !changesObject(Method);
  IR.SelfVar = V;
  IR.NumParams = IR.Vars.size();
}

void BodyLowerer::addParam(const ValueDecl *D, QualType Type) {
  std::string Name = D->getName().str();
  if (Name.empty())
    Name = "_p" + std::to_string(IR.Vars.size());
  QualType Storage = Type.getNonReferenceType();
  int V = newVar(Name, Storage.getUnqualifiedType(), Variable::Kind::Param, D);
  IR.Vars[V].DeclaredType = Type;
  IR.Vars[V].ByReference = Type->isReferenceType();
  IR.Vars[V].ConstReference = Type->isReferenceType() && isImmutable(Storage);
  IR.NumParams = IR.Vars.size();
}

int BodyLowerer::flag(llvm::StringRef Base) {
  int V = newVar(Base, Ctx.BoolTy, Variable::Kind::Flag);
  return V;
}

void BodyLowerer::setFlag(Block &Out, int Flag, bool Value) {
  Stmt Set;
  Set.K = Stmt::Kind::Raw;
  Set.Text = IR.Vars[Flag].Name + (Value ? " = true;" : " = false;");
  Out.push_back(std::move(Set));
}

std::string BodyLowerer::notAny(const FlagSet &Flags) {
  std::string Text;
  for (int F : Flags)
    Text += (Text.empty() ? "!" : " && !") + IR.Vars[F].Name;
  return Text;
}

void BodyLowerer::lowerBody(const clang::Stmt *Body) {
  QualType Ret = IR.Function->getReturnType();
  // A member that returns *this by reference (a compound assignment
  // operator, a fluent setter) is differentiated as returning nothing: its
  // callers may only discard the reference (see extractRec).
  bool ReturnsSelf = Ret->isReferenceType() && returnsOnlySelf(Body);
  if (!Ret->isVoidType() && !ReturnsSelf) {
    if (Ret->isReferenceType())
      Diags.error(IR.Function->getLocation(),
                  "ddx cannot differentiate '" +
                      IR.Function->getQualifiedNameAsString() +
                      "', which returns a reference: its derivative returns "
                      "values with their derivatives, and has nothing the "
                      "reference could refer to; return the value by copy, "
                      "or write the result through a reference parameter "
                      "(accessors 'return <a part of the object>;' and "
                      "members returning '*this' are fine)");
    IR.ReturnVar =
        newVar("_ret", Ret.getUnqualifiedType(), Variable::Kind::Return);
  }
  if (auto *CS = dyn_cast<CompoundStmt>(Body))
    lowerStmts(
        llvm::ArrayRef<const clang::Stmt *>(CS->body_begin(), CS->body_end()),
        IR.Body, /*FunctionLevel=*/true);
  else
    lowerStmt(Body, IR.Body, true);
}

FlagSet BodyLowerer::lowerStmts(llvm::ArrayRef<const clang::Stmt *> Stmts,
                                Block &Out, bool FunctionLevel) {
  FlagSet Escaping;
  for (size_t I = 0; I < Stmts.size(); ++I) {
    bool Last = FunctionLevel && I + 1 == Stmts.size();
    FlagSet Set = lowerStmt(Stmts[I], Out, Last);
    mergeFlags(Escaping, Set);
    if (Set.empty() || I + 1 == Stmts.size())
      continue;
    // The rest of the block runs only if no jump was taken.
    Stmt Guard;
    Guard.K = Stmt::Kind::If;
    Guard.Loc = Stmts[I + 1]->getBeginLoc();
    Guard.Cond = notAny(Set);
    mergeFlags(Escaping,
               lowerStmts(Stmts.drop_front(I + 1), Guard.Then, FunctionLevel));
    Out.push_back(std::move(Guard));
    break;
  }
  return Escaping;
}

std::string BodyLowerer::condition(const Expr *Cond, const FlagSet &Guards) {
  std::string Text = notAny(Guards);
  if (!Cond)
    return Text.empty() ? "true" : Text;
  checkExpr(Cond, /*InCondition=*/true);
  std::string C = Printer.print(Cond->IgnoreParens());
  return Text.empty() ? C : Text + " && (" + C + ")";
}

FlagSet BodyLowerer::lowerStmt(const clang::Stmt *S, Block &Out,
                               bool LastInFunction) {
  if (!S || isa<NullStmt>(S))
    return {};
  if (auto *CS = dyn_cast<CompoundStmt>(S))
    return lowerStmts(
        llvm::ArrayRef<const clang::Stmt *>(CS->body_begin(), CS->body_end()),
        Out);
  if (auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      if (auto *VD = dyn_cast<VarDecl>(D))
        lowerDecl(VD, Out);
      else if (!isa<TypedefNameDecl, StaticAssertDecl, UsingDecl,
                    UsingDirectiveDecl>(D))
        Diags.error(D->getLocation(),
                    "ddx cannot differentiate a function that declares a "
                    "class, function or other entity inside its body: the "
                    "derivative is generated outside the function and could "
                    "not name it; move the declaration to namespace scope");
    }
    return {};
  }
  if (auto *R = dyn_cast<ReturnStmt>(S)) {
    if (const Expr *V = R->getRetValue(); V && IR.ReturnVar >= 0) {
      extractCalls(V, Out);
      emitAssign(Out, R->getBeginLoc(), IR.ReturnVar, "", nullptr, BO_Assign,
                 V);
    }
    if (LastInFunction)
      return {};
    if (ReturnFlag < 0)
      ReturnFlag = flag("_returned");
    setFlag(Out, ReturnFlag, true);
    return {ReturnFlag};
  }
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S)) {
    bool IsBreak = isa<BreakStmt>(S);
    int F = -1;
    for (auto It = Targets.rbegin(); It != Targets.rend(); ++It) {
      F = IsBreak ? It->BreakFlag : It->ContinueFlag;
      if (F >= 0 || IsBreak)
        break;
    }
    if (F < 0) {
      Diags.error(S->getBeginLoc(),
                  "ddx could not match this jump with its loop or switch, "
                  "which is a bug in ddx (please report it with this file); "
                  "meanwhile, replace it with a bool flag that the loop "
                  "condition tests");
      return {};
    }
    setFlag(Out, F, true);
    return {F};
  }
  if (auto *If = dyn_cast<IfStmt>(S)) {
    if (If->isConstexpr()) {
      // The condition is known: lower the taken branch only.
      bool Taken = true;
      if (auto Value = If->getCond()->getIntegerConstantExpr(Ctx))
        Taken = Value->getBoolValue();
      return lowerStmt(Taken ? If->getThen() : If->getElse(), Out, false);
    }
    // `if (init; c)` and `if (T v = e)`: locals are hoisted anyway, so the
    // initializer and the variable are statements before the if.
    lowerConditionPrelude(If->getInit(), If->getConditionVariable(), Out);
    // A condition is primal code, but a call passing a lambda has no primal
    // to call in generated code, and a step (`++i`) must be seen by the
    // reverse sweep: such conditions are lifted out like any expression.
    if (passesLambda(If->getCond()) || writesVariables(If->getCond()))
      extractCalls(If->getCond(), Out);
    Stmt Branch;
    Branch.K = Stmt::Kind::If;
    Branch.Loc = If->getBeginLoc();
    Branch.Cond = condition(If->getCond(), {});
    Branch.CondExpr = If->getCond();
    FlagSet Set = lowerStmt(If->getThen(), Branch.Then, false);
    mergeFlags(Set, lowerStmt(If->getElse(), Branch.Else, false));
    Out.push_back(std::move(Branch));
    return Set;
  }
  if (auto *For = dyn_cast<ForStmt>(S)) {
    FlagSet Set = lowerStmt(For->getInit(), Out, false);
    mergeFlags(Set,
               lowerLoop(For, For->getCond(), For->getBody(), For->getInc(),
                         true, Out, "", {}, For->getConditionVariable()));
    return Set;
  }
  if (auto *While = dyn_cast<WhileStmt>(S))
    return lowerLoop(While, While->getCond(), While->getBody(), nullptr, true,
                     Out, "", {}, While->getConditionVariable());
  if (auto *Do = dyn_cast<DoStmt>(S))
    return lowerLoop(Do, Do->getCond(), Do->getBody(), nullptr, false, Out);
  if (auto *Switch = dyn_cast<SwitchStmt>(S))
    return lowerSwitch(Switch, Out);
  // [[likely]], [[unlikely]] and the like say nothing about values.
  if (auto *Attributed = dyn_cast<AttributedStmt>(S))
    return lowerStmt(Attributed->getSubStmt(), Out, LastInFunction);
  if (auto *Label = dyn_cast<LabelStmt>(S))
    return lowerStmt(Label->getSubStmt(), Out, LastInFunction); // the goto is
                                                                // reported
  if (isa<GotoStmt, IndirectGotoStmt>(S)) {
    Diags.error(S->getBeginLoc(),
                "ddx cannot differentiate a goto: reverse mode runs if, "
                "switch, loops, break, continue and return backwards, and "
                "cannot reverse an arbitrary jump; rewrite it with loops, "
                "break, continue or a bool flag");
    return {};
  }
  if (isa<AsmStmt>(S)) {
    Diags.error(S->getBeginLoc(),
                "ddx cannot differentiate inline assembly (an asm "
                "statement): it cannot see what the instructions compute");
    Diags.note(S->getBeginLoc(),
               "move the assembly into a function of its own and give that "
               "function a derivative rule (docs/rules.md)");
    return {};
  }
  if (isa<CXXTryStmt>(S)) {
    Diags.error(S->getBeginLoc(), "ddx cannot differentiate exception "
                                  "handling (try block) yet");
    noteExceptions(Diags, S->getBeginLoc());
    return {};
  }
  if (auto *For = dyn_cast<CXXForRangeStmt>(S))
    return lowerRangeFor(For, Out);
  if (auto *E = dyn_cast<Expr>(S)) {
    lowerExprStmt(E, Out);
    return {};
  }
  Diags.error(S->getBeginLoc(),
              "ddx cannot differentiate this statement ('" + firstLine(S, Ctx) +
                  "'): it differentiates declarations, assignments, calls, "
                  "if, switch, loops, break, continue and return only; "
                  "rewrite it with those");
  return {};
}

FlagSet BodyLowerer::lowerLoop(const clang::Stmt *LoopStmt, const Expr *Cond,
                               const clang::Stmt *Body, const Expr *Inc,
                               bool TestFirst, Block &Out,
                               const std::string &CondText, Block ExtraStep,
                               const VarDecl *CondVar) {
  // A condition that changes a variable (`while (m-- > 0)`, `while
  // (advance(k))`) is evaluated as statements at the top of each
  // iteration, so that the reverse sweep sees the changes; when it fails,
  // the loop breaks.
  bool PassesLambda = Cond && passesLambda(Cond);
  if (PassesLambda && !TestFirst) {
    Diags.error(Cond->getBeginLoc(), "ddx cannot differentiate a do-while "
                                     "loop whose condition calls a lambda "
                                     "yet");
    Diags.note(Cond->getBeginLoc(), "compute the condition into a bool at "
                                    "the end of the body, or write a while "
                                    "loop");
    return {};
  }
  // (So is one that calls a lambda: generated code has no primal of it,
  // and one that declares a variable, `while (double d = next(x))`, set
  // anew each time.)
  bool Stepping =
      Cond && (writesVariables(Cond) || PassesLambda || CondVar != nullptr);
  if (Stepping && !TestFirst) {
    Diags.error(Cond->getBeginLoc(),
                "ddx cannot differentiate a do-while loop whose condition "
                "changes a variable (++, -- or a call that writes through "
                "its arguments) yet");
    Diags.note(Cond->getBeginLoc(), "change the variable at the end of the "
                                    "body, or write a while loop");
    return {};
  }
  Breakable Target;
  if (Stepping || hasJump(Body, /*Continue=*/false))
    Target.BreakFlag = flag("_break");
  if (hasJump(Body, /*Continue=*/true))
    Target.ContinueFlag = flag("_continue");
  if (Target.BreakFlag >= 0) {
    setFlag(Out, Target.BreakFlag, false);
  }

  Stmt Loop;
  Loop.K = Stmt::Kind::Loop;
  Loop.Loc = LoopStmt->getBeginLoc();
  Loop.TestFirst = TestFirst;
  Loop.Counter = newVar("_n" + std::to_string(++Counters), Ctx.LongTy,
                        Variable::Kind::Counter);

  Targets.push_back(Target);
  ++LoopDepth;
  if (Target.ContinueFlag >= 0) {
    setFlag(Loop.Then, Target.ContinueFlag, false);
  }
  FlagSet Set;
  if (Stepping) {
    if (CondVar)
      lowerDecl(CondVar, Loop.Then);
    extractCalls(Cond, Loop.Then);
    Stmt Exit;
    Exit.K = Stmt::Kind::If;
    Exit.Loc = Cond->getBeginLoc();
    Exit.Cond = "!(" + condition(Cond, {}) + ")";
    Exit.CondExpr = Cond;
    setFlag(Exit.Then, Target.BreakFlag, true);
    Loop.Then.push_back(std::move(Exit));
    Stmt Rest;
    Rest.K = Stmt::Kind::If;
    Rest.Loc = Body->getBeginLoc();
    Rest.Cond = notAny({Target.BreakFlag});
    Set = lowerStmt(Body, Rest.Then, false);
    Loop.Then.push_back(std::move(Rest));
    if (!llvm::is_contained(Set, Target.BreakFlag))
      Set.push_back(Target.BreakFlag);
    Cond = nullptr;
  } else {
    Set = lowerStmt(Body, Loop.Then, false);
  }
  FlagSet StepGuard;
  FlagSet Escaping;
  for (int F : Set) {
    if (F == Target.ContinueFlag)
      continue;
    StepGuard.push_back(F);
    if (F != Target.BreakFlag)
      Escaping.push_back(F);
  }
  if (Inc || !ExtraStep.empty()) {
    Block Step = std::move(ExtraStep);
    if (Inc)
      lowerExprStmt(Inc, Step);
    if (StepGuard.empty()) {
      Loop.Else = std::move(Step);
    } else {
      Stmt Guard;
      Guard.K = Stmt::Kind::If;
      Guard.Loc = Inc ? Inc->getBeginLoc() : LoopStmt->getBeginLoc();
      Guard.Cond = notAny(StepGuard);
      Guard.Then = std::move(Step);
      Loop.Else.push_back(std::move(Guard));
    }
  }
  --LoopDepth;
  Targets.pop_back();
  Loop.Cond = condition(Cond, StepGuard);
  Loop.CondExpr = Cond;
  if (!Cond && !CondText.empty())
    Loop.Cond = StepGuard.empty()
                    ? CondText
                    : notAny(StepGuard) + " && (" + CondText + ")";
  Out.push_back(std::move(Loop));
  return Escaping;
}

/// for (T v : c) over an array or a container with size() and operator[]
/// becomes an index loop in which v stands for c[i].
/// How the user wrote the variable V: its name, or '[a, b]' for a
/// structured binding.
static std::string bindingName(const VarDecl *V) {
  auto *Decomposed = dyn_cast<DecompositionDecl>(V);
  if (!Decomposed)
    return V->getNameAsString();
  std::string Names;
  for (const BindingDecl *B : Decomposed->bindings())
    Names += (Names.empty() ? "" : ", ") + B->getNameAsString();
  return "[" + Names + "]";
}

FlagSet BodyLowerer::lowerRangeFor(const CXXForRangeStmt *For, Block &Out) {
  const Expr *Range = skipImplicit(For->getRangeInit());
  while (auto *P = dyn_cast<ParenExpr>(Range))
    Range = skipImplicit(P->getSubExpr());
  const VarDecl *Element = For->getLoopVariable();
  std::string Size;
  QualType RangeType = Range->getType().getNonReferenceType();
  if (const auto *Array = Ctx.getAsConstantArrayType(RangeType))
    Size = std::to_string(Array->getSize().getZExtValue());
  else if (auto *Record = RangeType->getAsCXXRecordDecl();
           Record && Record->hasDefinition()) {
    bool Indexed = false;
    for (const CXXMethodDecl *M : Record->methods())
      Indexed |= M->getOverloadedOperator() == OO_Subscript;
    for (const CXXMethodDecl *M : Record->methods())
      if (M->getNameAsString() == "size" && Indexed)
        Size = Printer.print(Range) + ".size()";
  }
  if (Size.empty() || !isa<DeclRefExpr, MemberExpr>(Range)) {
    Diags.error(For->getBeginLoc(),
                "ddx cannot differentiate this range-based for loop over '" +
                    firstLine(Range, Ctx) + "' (of type '" +
                    userTypeName(Range->getType(), Ctx) +
                    "'): ddx makes the element stand for 'c[i]' in an index "
                    "loop, which needs a named array or a named container "
                    "with size() and operator[] (std::vector, std::array)");
    Diags.note(For->getBeginLoc(), "use an index loop, or copy the values "
                                   "into a std::vector first");
    return {};
  }
  // The element stands for c[i], so writing a by-value element would write
  // the container.
  if (isModified(Element, For->getBody()) &&
      !Element->getType()->isReferenceType()) {
    Diags.error(Element->getLocation(),
                "ddx cannot differentiate writes to the by-value range-for "
                "variable '" +
                    bindingName(Element) +
                    "': ddx makes it stand for the container's element, so a "
                    "write would change the container; copy it into a local "
                    "first (or declare it 'auto &' if the element should "
                    "change)");
    return {};
  }
  auto *Decomposed = dyn_cast<DecompositionDecl>(Element);
  if (Decomposed && !isDecomposable(Decomposed))
    return {};
  int Index = newVar("_i", Ctx.getSizeType(), Variable::Kind::Local);
  emitAssign(Out, For->getBeginLoc(), Index, "", nullptr, BO_Assign, nullptr);
  int V = newVar(Decomposed ? "_element" : Element->getName(),
                 Element->getType().getNonReferenceType().getUnqualifiedType(),
                 Variable::Kind::Local, Element);
  IR.Vars[V].RangeOf = Range;
  IR.Vars[V].IndexVar = Index;
  if (Decomposed)
    addBindings(Decomposed);
  Block Step;
  ++LoopDepth;
  emitAssign(Step, For->getBeginLoc(), Index, "", nullptr, BO_AddAssign,
             nullptr);
  --LoopDepth;
  return lowerLoop(For, nullptr, For->getBody(), nullptr, true, Out,
                   IR.Vars[Index].Name + " < " + Size, std::move(Step));
}

void BodyLowerer::lowerConditionPrelude(const clang::Stmt *Init,
                                        const VarDecl *CondVar, Block &Out) {
  if (Init)
    lowerStmt(Init, Out, false);
  if (CondVar)
    lowerDecl(CondVar, Out);
}

FlagSet BodyLowerer::lowerSwitch(const SwitchStmt *S, Block &Out) {
  auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
  lowerConditionPrelude(S->getInit(), S->getConditionVariable(), Out);
  if (!Body) {
    Diags.error(S->getBeginLoc(),
                "ddx cannot differentiate a switch whose body is not a braced "
                "block of cases: it turns each case into a branch of an "
                "if-else chain; put the cases in braces");
    return {};
  }
  int Selector = newVar("_switch", S->getCond()->getType().getUnqualifiedType(),
                        Variable::Kind::Local);
  // The selector is a value like any other: its calls and steps
  // (`switch (k++ % 3)`) are statements the reverse sweep sees.
  extractCalls(S->getCond(), Out);
  emitAssign(Out, S->getBeginLoc(), Selector, "", nullptr, BO_Assign,
             S->getCond());

  struct Group {
    std::vector<std::string> Labels; // empty: default
    bool IsDefault = false;
    std::vector<const clang::Stmt *> Stmts;
    SourceLocation Loc;
  };
  std::vector<Group> Groups;
  for (const clang::Stmt *Child : Body->body()) {
    const clang::Stmt *Inner = Child;
    if (isa<SwitchCase>(Inner)) {
      Group G;
      G.Loc = Inner->getBeginLoc();
      while (auto *SC = dyn_cast<SwitchCase>(Inner)) {
        if (auto *Case = dyn_cast<CaseStmt>(SC)) {
          if (Case->getRHS()) {
            Diags.error(Case->getBeginLoc(),
                        "ddx cannot differentiate a switch with a case range "
                        "('case lo ... hi:') yet: it turns each case label "
                        "into an '==' test; list the values as separate "
                        "labels, or test the range with an if");
            return {};
          }
          G.Labels.push_back(Printer.print(Case->getLHS()));
        } else {
          G.IsDefault = true;
        }
        Inner = SC->getSubStmt();
      }
      Groups.push_back(G);
    } else if (Groups.empty()) {
      continue; // unreachable code before the first label
    }
    Groups.back().Stmts.push_back(Inner);
  }

  bool FallsThrough = false;
  for (auto &G : Groups) {
    // A braced case body is its statements (locals are hoisted anyway).
    while (!G.Stmts.empty() && isa<CompoundStmt>(G.Stmts.back())) {
      auto *Body = cast<CompoundStmt>(G.Stmts.back());
      G.Stmts.pop_back();
      G.Stmts.insert(G.Stmts.end(), Body->body_begin(), Body->body_end());
    }
    FallsThrough |= &G != &Groups.back() &&
                    !(G.Stmts.size() &&
                      isa<BreakStmt, ReturnStmt, ContinueStmt>(G.Stmts.back()));
  }
  if (FallsThrough) {
    // A case falls into the next: the cases run in source order, from the
    // one the selector picks (`_case`) until a break.
    int Case = newVar("_case", Ctx.IntTy, Variable::Kind::Local);
    auto SetCase = [&](Block &Into, size_t I) {
      Stmt Set;
      Set.K = Stmt::Kind::Raw;
      Set.Text = IR.Vars[Case].Name + " = " + std::to_string(I) + ";";
      Into.push_back(std::move(Set));
    };
    Block *Tail = &Out;
    size_t DefaultIndex = Groups.size();
    for (size_t I = 0; I < Groups.size(); ++I) {
      if (Groups[I].IsDefault) {
        DefaultIndex = I;
        continue;
      }
      Stmt Pick;
      Pick.K = Stmt::Kind::If;
      Pick.Loc = Groups[I].Loc;
      for (const std::string &L : Groups[I].Labels)
        Pick.Cond += (Pick.Cond.empty() ? "" : " || ") +
                     IR.Vars[Selector].Name + " == " + L;
      SetCase(Pick.Then, I);
      Tail->push_back(std::move(Pick));
      Tail = &Tail->back().Else;
    }
    SetCase(*Tail, DefaultIndex);
    Breakable Target;
    for (const Group &G : Groups)
      for (const clang::Stmt *St : G.Stmts)
        if (Target.BreakFlag < 0 && (hasJump(St, false) || isa<BreakStmt>(St)))
          Target.BreakFlag = flag("_break");
    if (Target.BreakFlag >= 0)
      setFlag(Out, Target.BreakFlag, false);
    Targets.push_back(Target);
    FlagSet Escaping;
    for (size_t I = 0; I < Groups.size(); ++I) {
      Stmt Run;
      Run.K = Stmt::Kind::If;
      Run.Loc = Groups[I].Loc;
      Run.Cond = IR.Vars[Case].Name + " <= " + std::to_string(I) +
                 (Escaping.empty() ? "" : " && " + notAny(Escaping));
      mergeFlags(Escaping, lowerStmts(Groups[I].Stmts, Run.Then));
      Out.push_back(std::move(Run));
    }
    Targets.pop_back();
    FlagSet Result;
    for (int F : Escaping)
      if (F != Target.BreakFlag)
        Result.push_back(F);
    return Result;
  }

  Breakable Target;
  for (auto &G : Groups) {
    // A trailing break ends the case; any other break needs a flag.
    if (!G.Stmts.empty() && isa<BreakStmt>(G.Stmts.back()))
      G.Stmts.pop_back();
    for (const clang::Stmt *St : G.Stmts)
      if (hasJump(St, false) || isa<BreakStmt>(St))
        Target.BreakFlag =
            Target.BreakFlag >= 0 ? Target.BreakFlag : flag("_break");
  }
  if (Target.BreakFlag >= 0) {
    setFlag(Out, Target.BreakFlag, false);
  }

  Targets.push_back(Target);
  FlagSet Escaping;
  Block *Tail = &Out;
  const Group *Default = nullptr;
  for (const Group &G : Groups) {
    if (G.IsDefault) {
      Default = &G;
      continue;
    }
    Stmt Branch;
    Branch.K = Stmt::Kind::If;
    Branch.Loc = G.Loc;
    for (const std::string &L : G.Labels)
      Branch.Cond += (Branch.Cond.empty() ? "" : " || ") +
                     IR.Vars[Selector].Name + " == " + L;
    mergeFlags(Escaping, lowerStmts(G.Stmts, Branch.Then));
    Tail->push_back(std::move(Branch));
    Tail = &Tail->back().Else;
  }
  if (Default)
    mergeFlags(Escaping, lowerStmts(Default->Stmts, *Tail));
  Targets.pop_back();
  FlagSet Result;
  for (int F : Escaping)
    if (F != Target.BreakFlag)
      Result.push_back(F);
  return Result;
}

void BodyLowerer::lowerDecl(const VarDecl *VD, Block &Out) {
  if (auto *DD = dyn_cast<DecompositionDecl>(VD))
    return lowerDecomposition(DD, Out);
  lowerLocal(VD, VD->getName(), Out);
}

void BodyLowerer::lowerDecomposition(const DecompositionDecl *DD, Block &Out) {
  if (!isDecomposable(DD))
    return;
  std::string Name;
  for (const BindingDecl *B : DD->bindings())
    Name += "_" + B->getName().str();
  lowerLocal(DD, Name, Out);
  if (IR.VarOf.count(DD))
    addBindings(DD);
}

bool BodyLowerer::isDecomposable(const DecompositionDecl *DD) {
  // A tuple-like type (std::pair, std::tuple, std::array) binds through
  // std::get, a call returning a reference.
  for (const BindingDecl *B : DD->bindings()) {
    if (!B->getHoldingVar())
      continue;
    // (What the initializer holds that ddx refuses comes first: a nested
    // request binds its tuple this way.)
    if (DD->getInit() && !checkExpr(DD->getInit()))
      return false;
    std::string Type = userTypeName(DD->getType(), Ctx);
    Diags.error(DD->getLocation(),
                "ddx cannot differentiate a structured binding of '" + Type +
                    "' yet: a std::pair, std::tuple or std::array binds "
                    "through std::get, a call returning a reference, and ddx "
                    "decomposes only structs and C arrays");
    Diags.note(DD->getLocation(),
               llvm::StringRef(Type).starts_with("std::array")
                   ? "index it instead (a[0], a[1])"
               : llvm::StringRef(Type).starts_with("std::pair")
                   ? "read the parts by name instead (p.first, p.second)"
                   : "return a struct with named members instead");
    return false;
  }
  return true;
}

void BodyLowerer::addBindings(const DecompositionDecl *DD) {
  for (const BindingDecl *B : DD->bindings()) {
    int V = newVar(B->getName(), B->getType().getNonReferenceType(),
                   Variable::Kind::Local, B);
    IR.Vars[V].AliasOf = B->getBinding();
  }
}

void BodyLowerer::lowerLocal(const VarDecl *VD, llvm::StringRef Name,
                             Block &Out) {
  // A static constant (`static const double c = 2.5;`, a constexpr table)
  // is the same value at every call: an ordinary local here.
  // (A scalar: a lambda reads one without capturing it, and its
  // derivative then needs the value, which the printer spells.)
  bool Constant = VD->isStaticLocal() && VD->getType().isConstQualified() &&
                  VD->getType()->isArithmeticType() && VD->getInit() &&
                  VD->getInit()->isConstantInitializer(Ctx, false);
  if ((VD->isStaticLocal() && !Constant) || VD->hasExternalStorage() ||
      VD->getTLSKind() != VarDecl::TLS_None) {
    Diags.error(VD->getLocation(),
                "ddx cannot differentiate a function with the static, "
                "thread-local or extern variable '" +
                    VD->getNameAsString() +
                    "': it keeps its value from one call to the next, and "
                    "ddx keeps no derivative for it; make it an ordinary "
                    "local, or pass the state in as a reference parameter");
    return;
  }
  QualType T = VD->getType();
  // Locals are hoisted to the top of the function, before the size of a
  // variable-length array is known.
  if (T->isVariablyModifiedType()) {
    Diags.error(VD->getLocation(),
                "ddx cannot differentiate a function with the variable-length "
                "array '" +
                    VD->getNameAsString() +
                    "': generated code declares every local at the top of the "
                    "function, before its size is known");
    Diags.note(VD->getLocation(), "use a std::vector<double> of that size, or "
                                  "an array of a constant size");
    return;
  }
  auto *Lambda = dyn_cast_or_null<LambdaExpr>(
      VD->getInit() ? skipImplicit(VD->getInit()) : nullptr);
  if (Lambda)
    snapshotCaptures(Lambda, VD->getLocation(), Out);
  if (Lambda && !isLocalCallable(VD)) {
    // A lambda stands for its call operator, bound where it is called;
    // that needs the captures it was given to be the ones it runs with.
    if (const VarDecl *Changed = unstableCapture(Lambda)) {
      reportUnstableCapture(Diags, VD->getLocation(), Changed,
                            "where the lambda is called",
                            "make it const, or copy it into a const local "
                            "that the lambda captures");
    } else {
      Diags.error(VD->getLocation(),
                  "ddx cannot differentiate the lambda held in '" +
                      VD->getNameAsString() +
                      "' here: generated code keeps no lambda objects and "
                      "binds each call to the lambda's body, which needs the "
                      "lambda called directly or passed to a function; do "
                      "not copy it into another variable or a container");
    }
    return;
  }
  if (isLocalCallable(VD)) {
    // A local that only names a callable needs no storage in generated
    // code: calls through it are bound statically.
    IR.LocalCallables[VD] = VD->getInit();
    return;
  }
  const Expr *RefInit = VD->getInit() ? skipImplicit(VD->getInit()) : nullptr;
  if (T->isReferenceType() && RefInit && !RefInit->isGLValue()) {
    // Bound to a temporary (`const double &k = f(x);`): a local holding
    // that value.
    T = T.getNonReferenceType();
  } else if (T->isReferenceType()) {
    // A local reference is an alias: its uses stand for the initializer,
    // which must mean the same storage at every use.
    if (RefInit && !isStableAlias(VD, RefInit))
      return;
    int V = newVar(Name, T.getNonReferenceType(), Variable::Kind::Local, VD);
    IR.Vars[V].AliasOf = VD->getInit();
    if (VD->getInit())
      checkExpr(VD->getInit());
    return;
  }
  Qualifiers Dropped;
  QualType Storage =
      Ctx.getUnqualifiedArrayType(T.getUnqualifiedType(), Dropped);
  if (!isDeclarable(Storage, VD->getLocation()))
    return;
  int V = newVar(Name, Storage, Variable::Kind::Local, VD);
  const Expr *Init = VD->getInit();
  if (!Init)
    return;
  if (auto *Construct = dyn_cast<CXXConstructExpr>(skipImplicit(Init));
      isUserConstruction(Construct, Ctx))
    return lowerConstruction(Construct, VD, V, Out);
  lowerInit(V, "", Storage, Init, VD->getLocation(), Out);
}

void BodyLowerer::lowerConstruction(const CXXConstructExpr *Construct,
                                    const VarDecl *Object, int Var,
                                    Block &Out) {
  // Generated code declares the object, then sets its members.
  for (const FieldDecl *F : Construct->getConstructor()->getParent()->fields())
    if (F->getType().isConstQualified() || F->getType()->isReferenceType()) {
      Diags.error(
          Construct->getBeginLoc(),
          "ddx cannot differentiate the construction of '" +
              userTypeName(Construct->getType(), Ctx) + "' yet: its member '" +
              F->getNameAsString() + "' is " +
              (F->getType()->isReferenceType() ? "a reference" : "const") +
              ", and generated code sets members after it declares "
              "the object");
      Diags.note(F->getLocation(), "make the member non-const (or hold a "
                                   "pointer instead of a reference)");
      return;
    }
  pushConstructorCall(Construct, constructionCall(Ctx, Construct, Object),
                      Construct->getBeginLoc(), Out);
  Variable &V = IR.Vars[Var];
  ++V.Writes;
  if (LoopDepth > 0)
    V.WrittenInLoop = true;
}

void BodyLowerer::pushConstructorCall(const CXXConstructExpr *Construct,
                                      const CXXMemberCallExpr *Call,
                                      SourceLocation Loc, Block &Out) {
  for (const Expr *Arg : Construct->arguments())
    extractCalls(Arg, Out);
  Stmt S;
  S.K = Stmt::Kind::Call;
  S.Loc = Loc;
  S.Call = Call;
  Out.push_back(S);
}

void BodyLowerer::lowerConstructorInits(const CXXConstructorDecl *Ctor) {
  for (const CXXCtorInitializer *Init : Ctor->inits()) {
    SourceLocation Loc = Init->getSourceLocation().isValid()
                             ? Init->getSourceLocation()
                             : Ctor->getLocation();
    auto *Delegated = dyn_cast<CXXConstructExpr>(skipImplicit(Init->getInit()));
    // A base built by a constructor the user wrote is that constructor
    // called on `self` (as the base), like a delegation.
    if ((Init->isDelegatingInitializer() || Init->isBaseInitializer()) &&
        !Init->isBaseVirtual() && isUserConstruction(Delegated, Ctx)) {
      pushConstructorCall(Delegated, delegationCall(Ctx, Delegated, Ctor), Loc,
                          IR.Body);
      continue;
    }
    // Otherwise a base is built member by member, as an aggregate is: its
    // members are members of `self`.
    if (Init->isBaseInitializer() && !Init->isBaseVirtual()) {
      lowerInit(IR.SelfVar, "", QualType(Init->getBaseClass(), 0),
                Init->getInit(), Loc, IR.Body);
      continue;
    }
    if (!Init->isMemberInitializer() || Init->isIndirectMemberInitializer()) {
      Diags.error(
          Loc, "ddx cannot differentiate the constructor of '" +
                   userTypeName(Ctx.getRecordType(Ctor->getParent()), Ctx) +
                   "' yet: it " +
                   (Init->isDelegatingInitializer()
                        ? "delegates to another constructor"
                    : Init->isBaseInitializer() ? "initialises a base class"
                                                : "initialises a member of an "
                                                  "anonymous union or struct"));
      Diags.note(Loc, "set the members in one constructor of the class "
                      "itself, from its member initialisers and body");
      continue;
    }
    const FieldDecl *F = Init->getMember();
    lowerInit(IR.SelfVar, "." + F->getNameAsString(), F->getType(),
              Init->getInit(), Loc, IR.Body);
  }
}

/// The largest array lowering initialises element by element.
static constexpr uint64_t MaxElements = 1 << 16;

void BodyLowerer::lowerInit(int Var, const std::string &Path, QualType T,
                            const Expr *Init, SourceLocation Loc, Block &Out) {
  Init = skipImplicit(Init);
  if (Init && isa<ImplicitValueInitExpr>(Init))
    Init = nullptr;
  if (auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
      isUserConstruction(Construct, Ctx)) {
    // A part of an object, built by a constructor the user wrote: a
    // temporary object, copied in (an array's filler, one expression for
    // all the elements it builds, builds the same temporary each time).
    extractCalls(Init, Out);
    return emitAssign(Out, Loc, Var, Path, nullptr, BO_Assign, Init);
  }
  // The compiler's default constructor of an aggregate builds its members
  // as its initialisers say (a member's own constructor, or default value).
  const CXXConstructorDecl *Implicit = nullptr;
  if (auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
      Construct && Construct->getNumArgs() == 0) {
    Implicit = Construct->getConstructor();
    Init = nullptr;
  }
  if (!Init && !userDefaultConstructible(T, Loc))
    return;
  auto *List = dyn_cast_or_null<InitListExpr>(Init);
  if (List && List->getNumInits() == 1 && !T->isArrayType() &&
      !T->isRecordType())
    return lowerInit(Var, Path, T, List->getInit(0), Loc, Out);
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  bool Aggregate = Ctx.getAsConstantArrayType(T) ||
                   (Record && Record->hasDefinition() && Record->isAggregate());
  // The compiler's default constructor builds any class member by member
  // (one with virtual functions is not an aggregate).
  // (Generated code names its members: they must be public.)
  Aggregate |=
      Record && Implicit && !Implicit->isUserProvided() &&
      !Ctx.getSourceManager().isInSystemHeader(Record->getLocation()) &&
      publicMembers(Record);
  if (Aggregate && (!Init || List)) {
    // Element by element, so each element's value can be differentiated.
    auto InitAt = [&](unsigned I) -> const Expr * {
      if (List && I < List->getNumInits())
        return List->getInit(I);
      // `Range r[4] = {Range(a)};`: the rest are built alike.
      return List && List->hasArrayFiller() ? List->getArrayFiller() : nullptr;
    };
    if (const auto *Array = Ctx.getAsConstantArrayType(T)) {
      uint64_t N = Array->getSize().getZExtValue();
      // Each element is a statement of its own (a fuzz mutant's
      // std::array<double, 0x7fffffff> ran for minutes).
      if (N > MaxElements) {
        Diags.error(Loc, "ddx initialises an array element by element, and "
                         "this one has " +
                             std::to_string(N) + " elements (at most " +
                             std::to_string(MaxElements) + ")");
        Diags.note(Loc, "use a std::vector sized at run time for large "
                        "arrays");
        return;
      }
      for (uint64_t I = 0; I < N; ++I)
        lowerInit(Var, Path + "[" + std::to_string(I) + "]",
                  Array->getElementType(), InitAt(I), Loc, Out);
      return;
    }
    unsigned I = 0;
    // A base's members are members of the object (`ball.m`): the base is
    // built in place, as a part of it with the same path.
    for (const CXXBaseSpecifier &Base : Record->bases()) {
      const Expr *BaseInit = InitAt(I++);
      if (!BaseInit && Implicit)
        for (const CXXCtorInitializer *BI : Implicit->inits())
          if (BI->isBaseInitializer() &&
              Ctx.hasSameType(QualType(BI->getBaseClass(), 0), Base.getType()))
            BaseInit = BI->getInit();
      if (!checkBase(Record, Base, BaseInit, Loc))
        return;
      lowerInit(Var, Path, Base.getType(), BaseInit, Loc, Out);
    }

    for (const FieldDecl *F : T->getAsRecordDecl()->fields()) {
      const Expr *FieldInit = InitAt(I++);
      if (!FieldInit && Implicit)
        for (const CXXCtorInitializer *MemberInit : Implicit->inits())
          if (MemberInit->getMember() == F)
            FieldInit = MemberInit->getInit();
      if (!FieldInit && F->hasInClassInitializer())
        FieldInit = F->getInClassInitializer();
      lowerInit(Var, Path + "." + F->getNameAsString(), F->getType(), FieldInit,
                Loc, Out);
    }
    return;
  }
  if (Init)
    extractCalls(Init, Out);
  emitAssign(Out, Loc, Var, Path, nullptr, BO_Assign, Init);
}

bool BodyLowerer::lowerGrow(const CXXMemberCallExpr *Call, Block &Out) {
  const CXXMethodDecl *Method = Call->getMethodDecl();
  const IdentifierInfo *Class =
      Method ? Method->getParent()->getIdentifier() : nullptr;
  if (!Class || Class->getName() != "vector" ||
      !Method->getParent()->isInStdNamespace() || !Method->getIdentifier() ||
      !llvm::is_contained({"push_back", "emplace_back"}, Method->getName()) ||
      Call->getNumArgs() != 1)
    return false;
  // emplace_back(a) of a class built from a: not an element to assign.
  const Expr *Value = Call->getArg(0);
  auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Method->getParent());
  QualType Element = Spec ? Spec->getTemplateArgs()[0].getAsType() : QualType();
  QualType Given = Value->getType().getNonReferenceType();
  if (Element.isNull() ||
      !(Ctx.hasSameUnqualifiedType(Element, Given) ||
        (Element->isArithmeticType() && Given->isArithmeticType())))
    return false;
  // A local or parameter vector, or a member of one (`s.w`, `this->w`);
  // (a vector reached through a pointer is left to the general rules,
  // which refuse it on active data).
  std::string Path;
  const Expr *Object = skipImplicit(Call->getImplicitObjectArgument());
  while (auto *ME = dyn_cast<MemberExpr>(Object)) {
    auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    const Expr *Base = skipImplicit(ME->getBase());
    if (!F || F->getName().empty() ||
        (ME->isArrow() && !isa<CXXThisExpr>(Base)))
      return false;
    Path = "." + F->getNameAsString() + Path;
    Object = Base;
  }
  int Var = isa<CXXThisExpr>(Object) ? IR.SelfVar : -1;
  if (Var < 0) {
    auto [Root, LValue] = assignTarget(Object);
    if (LValue && !Path.empty())
      if (auto *Ref = dyn_cast<DeclRefExpr>(Object))
        Root = IR.VarOf.lookup(Ref->getDecl()), LValue = nullptr;
    if (LValue)
      return false;
    Var = Root;
  }
  if (Var < 0 || IR.Vars[Var].isAlias())
    return false;
  extractCalls(Value, Out);
  emitAssign(Out, Call->getExprLoc(), Var, Path + ".back()", nullptr, BO_Assign,
             Value);
  Out.back().Grow = true;
  Out.back().SaveOld = false;
  Out.back().FirstWrite = false;
  return true;
}

/// A base that lowerInit builds in place: not virtual, its members reached
/// by their names from the object, and its value given member by member
/// (braces, or the compiler's default constructor).
bool BodyLowerer::checkBase(const CXXRecordDecl *Record,
                            const CXXBaseSpecifier &Base, const Expr *Init,
                            SourceLocation Loc) {
  std::string BaseName = userTypeName(Base.getType(), Ctx);
  std::string Why, Remedy = "give the base's members in braces ({{a, b}, "
                            "c}), or build the object in a constructor of "
                            "its own class";
  if (Base.isVirtual()) {
    Why = "the base '" + BaseName + "' is virtual";
    Remedy = "derive from it without 'virtual'";
  } else if (const FieldDecl *Hidden = hiddenMember(Record, Base)) {
    Why = "a member of its own hides the member '" + Hidden->getNameAsString() +
          "' of its base '" + BaseName + "'";
    Remedy = "give the members different names";
  }
  Init = skipImplicit(Init);
  auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
  if (Why.empty() && Init && !isa<InitListExpr, ImplicitValueInitExpr>(Init) &&
      !(Construct && Construct->getNumArgs() == 0 &&
        !Construct->getConstructor()->isUserProvided()))
    Why = "its base '" + BaseName +
          "' is built from a value or a constructor of its own";
  if (Why.empty())
    return true;
  Diags.error(Loc, "ddx cannot differentiate the initialisation of '" +
                       userTypeName(Ctx.getRecordType(Record), Ctx) +
                       "' yet: " + Why);
  Diags.note(Loc, Remedy);
  return false;
}

/// Whether generated code can name every data member of Record: its own and
/// its bases' are public, through public non-virtual bases.
bool BodyLowerer::publicMembers(const CXXRecordDecl *Record) {
  return llvm::all_of(
             Record->fields(),
             [](const FieldDecl *F) { return F->getAccess() == AS_public; }) &&
         llvm::all_of(Record->bases(), [](const CXXBaseSpecifier &B) {
           auto *R = B.getType()->getAsCXXRecordDecl();
           return !B.isVirtual() && B.getAccessSpecifier() == AS_public && R &&
                  publicMembers(R);
         });
}

/// A data member of Base (or of its bases) that a member of Record, or of
/// another base, hides: `obj.name` reaches another one.
const FieldDecl *BodyLowerer::hiddenMember(const CXXRecordDecl *Record,
                                           const CXXBaseSpecifier &Base) {
  const CXXRecordDecl *B = Base.getType()->getAsCXXRecordDecl();
  if (!B || !B->hasDefinition())
    return nullptr;
  for (const FieldDecl *F : B->fields())
    if (!F->getName().empty() && fieldNamed(Record, F->getName()) != F)
      return F;
  for (const CXXBaseSpecifier &Inner : B->bases())
    if (const FieldDecl *F = hiddenMember(Record, Inner))
      return F;
  return nullptr;
}

bool BodyLowerer::isDeclarable(QualType T, SourceLocation Loc) {
  const CXXRecordDecl *Class = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
  if (!Class || !Class->hasDefinition() || Class->hasDefaultConstructor() ||
      Class->isTriviallyCopyable())
    return true;
  Diags.error(Loc, "ddx cannot differentiate code with a variable of type '" +
                       userTypeName(T, Ctx) +
                       "' yet: generated code declares every variable before "
                       "it sets it, and the class has no default constructor "
                       "(nor can ddx make one from zero bytes, as it holds a "
                       "container or another member with a constructor)");
  Diags.note(Loc, "give the class a default constructor, such as '" +
                      Class->getNameAsString() + "() = default;'");
  return false;
}

bool BodyLowerer::userDefaultConstructible(QualType T, SourceLocation Loc) {
  const CXXRecordDecl *Class = T->getAsCXXRecordDecl();
  if (!Class || !Class->hasDefinition() ||
      !Class->hasUserProvidedDefaultConstructor() || Class->isInStdNamespace())
    return true;
  Diags.error(Loc, "ddx cannot differentiate this array of '" +
                       userTypeName(T, Ctx) +
                       "' yet: its elements are built by the default "
                       "constructor the user wrote, which ddx does not run "
                       "element by element");
  Diags.note(Loc, "initialise the elements with a brace list ({T(...), "
                  "T(...)}), or use a std::vector");
  return false;
}

void BodyLowerer::emitAssign(Block &Out, SourceLocation Loc, int Var,
                             std::string Path, const Expr *LValue,
                             BinaryOperatorKind Op, const Expr *Value) {
  Stmt A;
  A.K = Stmt::Kind::Assign;
  A.Loc = Loc;
  A.Var = Var;
  A.Path = std::move(Path);
  A.LValue = LValue;
  A.Op = Op;
  A.Value = Value;
  if (Var >= 0) {
    Variable &V = IR.Vars[Var];
    A.FirstWrite =
        V.Writes == 0 && LoopDepth == 0 && V.K != Variable::Kind::Param;
    if (A.Path.empty() || V.Writes == 0)
      ++V.Writes;
    if (LoopDepth > 0)
      V.WrittenInLoop = true;
    // Elements of one aggregate initialisation are all first writes. (Not
    // so a constructor's members: the object it builds may be built again,
    // in a loop, and the reverse sweep needs its state back.)
    if (!A.Path.empty() && V.Writes == 1 && LoopDepth == 0 &&
        V.K != Variable::Kind::Param)
      A.FirstWrite = true;
  }
  A.SaveOld = !A.FirstWrite;
  if (Var >= 0 && IR.Vars[Var].K == Variable::Kind::Return)
    A.SaveOld = false; // never read in the reverse sweep
  Out.push_back(A);
}

void BodyLowerer::lowerExprStmt(const Expr *E, Block &Out) {
  E = skipImplicit(E);
  if (auto *P = dyn_cast<ParenExpr>(E))
    return lowerExprStmt(P->getSubExpr(), Out);
  // `(void)e` discards the value of e, not its effects: libstdc++ steps an
  // iterator as `(void)++__first2`, and left as primal code the step would
  // move the pointer but not its shadow (a silent wrong derivative). (A
  // cast of a plain value, `(void)unused;`, stays as it is.)
  if (auto *Cast = dyn_cast<ExplicitCastExpr>(E);
      Cast && Cast->getCastKind() == CK_ToVoid &&
      Cast->getSubExpr()->HasSideEffects(Ctx))
    return lowerExprStmt(Cast->getSubExpr(), Out);
  if (auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp()) {
      checkExpr(B->getLHS());
      extractCalls(B->getRHS(), Out);
      auto [Var, LValue] = assignTarget(B->getLHS());
      emitAssign(Out, B->getOperatorLoc(), Var, "", LValue, B->getOpcode(),
                 B->getRHS());
      return;
    }
    if (B->getOpcode() == BO_Comma) {
      lowerExprStmt(B->getLHS(), Out);
      lowerExprStmt(B->getRHS(), Out);
      return;
    }
  }
  if (const auto *Copy = valueAssignment(E)) {
    // A struct assigned whole (`s = next;`) is a value moving into existing
    // storage, like `x = y;` for a double: its shadow must move with it.
    checkExpr(Copy->getArg(0));
    extractCalls(Copy->getArg(1), Out);
    auto [Var, LValue] = assignTarget(Copy->getArg(0));
    emitAssign(Out, Copy->getOperatorLoc(), Var, "", LValue, BO_Assign,
               Copy->getArg(1));
    return;
  }
  if (auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->isIncrementDecrementOp()) {
      checkExpr(U->getSubExpr());
      auto [Var, LValue] = assignTarget(U->getSubExpr());
      emitAssign(Out, U->getOperatorLoc(), Var, "", LValue,
                 U->isIncrementOp() ? BO_AddAssign : BO_SubAssign, nullptr);
      return;
    }
  }
  if (auto *Grow = dyn_cast<CXXMemberCallExpr>(E); Grow && lowerGrow(Grow, Out))
    return;
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    if (isUserCall(Call)) {
      for (const Expr *Arg : Call->arguments())
        extractCalls(Arg, Out);
      noteOptionArgs(Call);
      Stmt S;
      S.K = Stmt::Kind::Call;
      S.Loc = Call->getExprLoc();
      S.Call = Call;
      pushCall(S, Out);
      return;
    }
  }
  if (isa<CXXThrowExpr>(E)) {
    Diags.error(E->getBeginLoc(), "ddx cannot differentiate exception "
                                  "handling (throw expression) yet");
    noteExceptions(Diags, E->getBeginLoc());
    return;
  }
  checkExpr(E);
  Stmt S;
  S.K = Stmt::Kind::Eval;
  S.Loc = E->getExprLoc();
  S.Call = E;
  Out.push_back(S);
}

/// Rejects what an expression in differentiated code must not contain.
bool BodyLowerer::checkExpr(const Expr *E, bool InCondition, bool Lifting) {
  struct Checker : RecursiveASTVisitor<Checker> {
    DiagReporter &Diags;
    bool InCondition;
    bool Ok = true;
    /// Expressions read for their value (visited before their operands).
    llvm::SmallPtrSet<const Expr *, 4> ReadForValue;
    bool Lifting = false;
    const ASTContext *Ctx = nullptr;
    /// Expressions already lifted out (a condition's, before it is printed).
    const llvm::DenseMap<const Expr *, int> *Lifted = nullptr;
    Checker(DiagReporter &Diags, bool InCondition)
        : Diags(Diags), InCondition(InCondition) {}
    bool VisitCXXThrowExpr(CXXThrowExpr *T) {
      Diags.error(T->getBeginLoc(), "ddx cannot differentiate exception "
                                    "handling (throw expression) yet");
      noteExceptions(Diags, T->getBeginLoc());
      return Ok = false;
    }
    bool TraverseLambdaExpr(LambdaExpr *) {
      // A lambda's body is its own function, lowered when it is called.
      return true;
    }
    bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        ReadForValue.insert(Cast->getSubExpr()->IgnoreParens());
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      // `x = y = v`, `s += (a *= k)`, `(s += a) < 5`: an assignment whose
      // value is read is lifted out as a statement (see extractRec).
      // (Its target is read again for the value, so it must not step
      // anything itself.)
      if (Lifting && B->isAssignmentOp() && ReadForValue.count(B) &&
          B->getType()->isArithmeticType() &&
          !B->getLHS()->HasSideEffects(*Ctx))
        return true;
      if (B->isAssignmentOp() && Lifted->count(B))
        return true;
      if (B->isAssignmentOp()) {
        Diags.error(B->getOperatorLoc(),
                    "ddx cannot differentiate an assignment inside an "
                    "expression here: reverse mode saves and undoes each "
                    "assignment as a statement of its own; make it a "
                    "statement before the expression that uses its value");
        return Ok = false;
      }
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      // Conditions are never differentiated; an integer counter may step
      // there. Elsewhere, lowering lifts ++ and -- into statements.
      if (U->isIncrementDecrementOp() && InCondition &&
          !U->getType()->isIntegralOrEnumerationType()) {
        Diags.error(U->getOperatorLoc(),
                    "ddx cannot differentiate ++ or -- of a floating-point "
                    "value in a condition: conditions are not "
                    "differentiated, so the step's derivative would be lost; "
                    "step the value in a statement before the condition");
        return Ok = false;
      }
      return true;
    }
    bool VisitCallExpr(CallExpr *Call) {
      if (!isRequest(Call))
        return true;
      Diags.error(Call->getBeginLoc(),
                  "ddx cannot differentiate a function that makes a ddx "
                  "request itself (nested differentiation) yet");
      Diags.note(Call->getBeginLoc(),
                 "compute the inner derivative by hand, or make the request "
                 "outside the function being differentiated");
      return Ok = false;
    }
    bool VisitStmtExpr(StmtExpr *S) {
      Diags.error(S->getBeginLoc(),
                  "ddx cannot differentiate a statement expression ('({ ... "
                  "})', a GNU extension, often from a macro): it "
                  "differentiates statements nested in statements, not in "
                  "expressions; compute the value in statements before it, "
                  "or replace the macro with an inline function");
      return Ok = false;
    }
  };
  Checker C(Diags, InCondition);
  C.Lifting = Lifting;
  C.Ctx = &Ctx;
  C.Lifted = &IR.TempOf;
  C.TraverseStmt(const_cast<Expr *>(E));
  return C.Ok;
}

/// Whether the uses of the reference VD can stand for its initializer Init:
/// Init names storage by a path of members, subscripts and dereferences
/// (no call but a container's subscript), and no variable the path reads
/// to find that storage (an index, a pointer) changes while VD is in scope.
bool BodyLowerer::isStableAlias(const VarDecl *VD, const Expr *Init) {
  llvm::SmallVector<const VarDecl *, 4> Reads;
  const Expr *Bad = nullptr;
  std::function<void(const Expr *, bool)> Walk = [&](const Expr *E,
                                                     bool Storage) {
    E = skipImplicit(E);
    if (auto *P = dyn_cast<ParenExpr>(E))
      return Walk(P->getSubExpr(), Storage);
    if (auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      // The object the reference aliases may change: that is the point.
      // A pointer it goes through, or an index, may not.
      if (auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
          Var && (!Storage || Var->getType()->isPointerType()))
        Reads.push_back(Var);
      return;
    }
    if (auto *M = dyn_cast<MemberExpr>(E))
      return Walk(M->getBase(), !M->isArrow());
    if (auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
      Walk(S->getBase(), !S->getBase()->getType()->isPointerType());
      return Walk(S->getIdx(), false);
    }
    if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
        Op && Op->getOperator() == OO_Subscript) {
      Walk(Op->getArg(0), true);
      return Walk(Op->getArg(1), false);
    }
    if (const Expr *Object = accessorObject(E)) {
      Walk(Object, !Object->getType()->isPointerType());
      for (const Expr *Arg : cast<CallExpr>(E)->arguments())
        if (Arg != Object)
          Walk(Arg, false);
      return;
    }
    if (auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
      return Walk(U->getSubExpr(), false);
    if (isa<CXXThisExpr, IntegerLiteral>(E))
      return;
    if (auto *Cast = dyn_cast<CastExpr>(E))
      return Walk(Cast->getSubExpr(), Storage);
    if (auto *B = dyn_cast<BinaryOperator>(E); B && !Storage) {
      Walk(B->getLHS(), false);
      return Walk(B->getRHS(), false);
    }
    if (!Bad)
      Bad = E;
  };
  Walk(Init, true);
  if (Bad) {
    Diags.error(VD->getLocation(),
                "ddx cannot differentiate a local reference bound to " +
                    std::string(isa<CallExpr>(Bad) ? "what a call returns"
                                                   : "this expression") +
                    " yet");
    Diags.note(Bad->getExprLoc(),
               "copy the value into a local (without '&'), or use the "
               "storage it refers to directly");
    return false;
  }
  // The statements after VD's declaration in its block.
  const clang::Stmt *Decl = nullptr;
  for (const DynTypedNode &P : Ctx.getParents(*VD))
    Decl = P.get<DeclStmt>();
  const CompoundStmt *Scope = nullptr;
  if (Decl)
    for (const DynTypedNode &P : Ctx.getParents(*Decl))
      Scope = P.get<CompoundStmt>();
  for (const VarDecl *Read : Reads) {
    bool Changes = !Scope; // (a for-init or condition: not looked into)
    bool After = false;
    if (Scope)
      for (const clang::Stmt *S : Scope->body()) {
        Changes |= After && isModified(Read, S);
        After |= S == Decl;
      }
    if (!Changes)
      continue;
    Diags.error(VD->getLocation(),
                "ddx cannot differentiate the local reference '" +
                    VD->getNameAsString() + "': '" + Read->getNameAsString() +
                    "', which says what it refers to, changes while it is in "
                    "scope");
    Diags.note(VD->getLocation(), "declare the reference where it is used, "
                                  "or index the storage directly");
    return false;
  }
  return true;
}

void BodyLowerer::snapshotCaptures(const LambdaExpr *L, SourceLocation Loc,
                                   Block &Out) {
  struct Snapshot {
    const VarDecl *Var;
    const Expr *Init;
  };
  llvm::SmallVector<Snapshot, 4> Snapshots, InitCaptures;
  const clang::Stmt *Body = IR.Function->getBody();
  auto Init = L->capture_init_begin();
  for (const LambdaCapture &C : L->captures()) {
    const Expr *CaptureInit = *Init++;
    auto *V = dyn_cast_or_null<VarDecl>(
        C.capturesVariable() ? C.getCapturedVar() : nullptr);
    // An init-capture becomes a local set here: its initializer may read
    // variables that change before the lambda is called.
    if (V && V->isInitCapture()) {
      if (CaptureInit && !V->getType()->isReferenceType() && !IR.VarOf.count(V))
        InitCaptures.push_back({V, CaptureInit});
      continue;
    }
    if (!V || C.getCaptureKind() != LCK_ByCopy || !isModified(V, Body))
      continue;
    // A value read directly, or a struct of values copied.
    const Expr *Read = CaptureInit ? skipImplicit(CaptureInit) : nullptr;
    if (auto *Copy = dyn_cast_or_null<CXXConstructExpr>(Read);
        Copy && (Copy->getNumArgs() != 1 ||
                 !Copy->getConstructor()->isCopyOrMoveConstructor() ||
                 !V->getType().isTriviallyCopyableType(Ctx)))
      return;
    if (!Read || !IR.VarOf.count(V) ||
        !isa<DeclRefExpr, CXXConstructExpr>(Read))
      return;
    Snapshots.push_back({V, Read});
  }
  for (const Snapshot &S : Snapshots) {
    int Copy =
        newVar(S.Var->getName().str() + "_captured",
               S.Var->getType().getNonReferenceType().getUnqualifiedType(),
               Variable::Kind::Temp);
    IR.Vars[Copy].MaybeUnused = true;
    emitAssign(Out, Loc, Copy, "", nullptr, BO_Assign, refTo(S.Var, Ctx));
    IR.TempOf[S.Init] = Copy;
  }
  for (const Snapshot &S : InitCaptures) {
    QualType T = S.Var->getType().getUnqualifiedType();
    int Var = newVar(S.Var->getName(), T, Variable::Kind::Local, S.Var);
    IR.Vars[Var].MaybeUnused = true;
    lowerInit(Var, "", T, S.Init, Loc, Out);
  }
  IR.SnapshotLambdas.insert(L);
}

/// A local that only names a callable: a lambda, a function pointer or a
/// std::function initialised from one (or from another such local, or a
/// callable parameter of this clone), and never assigned again or exposed
/// by address.
bool BodyLowerer::isLocalCallable(const VarDecl *VD) {
  if (!VD->getInit() || !isCallableParam(VD->getType()))
    return false;
  auto R = resolveCallable(VD->getInit(), IR, Ctx);
  if (!R || (R->Lambda && unstableCapture(R->Lambda) &&
             !IR.SnapshotLambdas.contains(R->Lambda)))
    return false;
  // A closure object always calls its own operator(), whatever is done to
  // it; a function pointer or std::function must keep what it was given.
  auto *Record = VD->getType()->getAsCXXRecordDecl();
  if (Record && Record->isLambda())
    return true;
  return !isModified(VD, IR.Function->getBody());
}

static bool passedAsOption(const CallExpr *Call, unsigned I,
                           const RuleBinder &Rules, unsigned Depth);

/// Whether the function's body uses parameter P only as an argument that
/// is an option where it is passed (a GSL workspace handed on to a rule).
/// Such a pointer receives no active values, whatever it points to.
static bool usedOnlyAsOption(const FunctionDecl *FD, const ParmVarDecl *P,
                             const RuleBinder &Rules, unsigned Depth) {
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->hasBody() || Depth > 8)
    return false;
  P = Def->getParamDecl(P->getFunctionScopeIndex());
  struct Uses : RecursiveASTVisitor<Uses> {
    const ParmVarDecl *P;
    const RuleBinder *Rules;
    unsigned Depth, All = 0, AsOption = 0;
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      All += R->getDecl() == P;
      return true;
    }
    bool VisitCallExpr(CallExpr *Call) {
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (auto *R = dyn_cast<DeclRefExpr>(skipImplicit(Call->getArg(I))))
          AsOption +=
              R->getDecl() == P && passedAsOption(Call, I, *Rules, Depth + 1);
      return true;
    }
  } U;
  U.P = P;
  U.Rules = &Rules;
  U.Depth = Depth;
  U.TraverseStmt(Def->getBody());
  return U.All > 0 && U.All == U.AsOption;
}

/// Whether argument I of Call is an option: of a rule, a parameter marked
/// DDX_OPTION, or one its callee uses only as an option.
static bool passedAsOption(const CallExpr *Call, unsigned I,
                           const RuleBinder &Rules, unsigned Depth) {
  CallBinding B = Rules.bind(Call);
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return false;
  if (B.K == CallBinding::Kind::Rule)
    return I < B.Roles.size() && B.Roles[I] == ParamRole::Option;
  if (I >= FD->getNumParams())
    return false;
  return isOption(FD->getParamDecl(I)) ||
         (B.K == CallBinding::Kind::UserFunction &&
          !isa<CXXOperatorCallExpr>(Call) &&
          FD->getParamDecl(I)->getType()->isPointerType() &&
          usedOnlyAsOption(FD, FD->getParamDecl(I), Rules, Depth));
}

void BodyLowerer::noteOptionArgs(const CallExpr *Call) {
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (passedAsOption(Call, I, Rules, 0))
      IR.OptionArgs.insert(skipImplicit(Call->getArg(I)));
}

bool BodyLowerer::isUserCall(const CallExpr *Call) {
  // An accessor (v[i], p.x(), m(i, j) returning a part of the object) is
  // an access path, like a container's subscript.
  if (accessorObject(Call))
    return false;
  if (const Expr *Object = calledObject(Call)) {
    if (resolveCallable(Object, IR, Ctx) || candidateFunctions(Object, IR))
      return true;
    // A functor's call operator, on an object of the function.
    auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
    return Method && Method->getDefinition() &&
           !Method->getParent()->isLambda();
  }
  if (isValueCast(Call))
    return false;
  // A virtual call through a reference or pointer: a dispatch over the
  // overriders (pushDispatch), for a class of the user's.
  if (OverriderIndex::dispatchedObject(Call)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    return !FD->isInStdNamespace() &&
           !Ctx.getSourceManager().isInSystemHeader(FD->getLocation());
  }
  CallBinding B = Rules.bind(Call);
  // An operator of the user's own (Vec3 + Vec3) is a call like any other;
  // the library's (a stream's <<, a container's []) stay as they are.
  if (isa<CXXOperatorCallExpr>(Call))
    return B.K == CallBinding::Kind::UserFunction && B.Callee &&
           !B.Callee->isInStdNamespace() &&
           !Ctx.getSourceManager().isInSystemHeader(B.Callee->getLocation());
  return B.K == CallBinding::Kind::UserFunction || B.isStatementRule();
}

bool BodyLowerer::returnsOnlySelf(const clang::Stmt *Body) const {
  bool Any = false, Other = false;
  std::function<void(const clang::Stmt *)> Visit = [&](const clang::Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (auto *R = dyn_cast<ReturnStmt>(S)) {
      auto *U = dyn_cast_or_null<UnaryOperator>(
          R->getRetValue() ? R->getRetValue()->IgnoreParenImpCasts() : nullptr);
      bool Self = U && U->getOpcode() == UO_Deref &&
                  isa<CXXThisExpr>(U->getSubExpr()->IgnoreParenImpCasts());
      (Self ? Any : Other) = true;
    }
    for (const clang::Stmt *Child : S->children())
      Visit(Child);
  };
  Visit(Body);
  return Any && !Other && isa<CXXMethodDecl>(IR.Function);
}

std::string BodyLowerer::calleeBaseName(const CallExpr *Call) {
  if (const Expr *Object = calledObject(Call)) {
    auto R = resolveCallable(Object, IR, Ctx);
    if (R && R->Function)
      return R->Function->getNameAsString();
    if (R)
      return "lambda";
    return "call";
  }
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return FD->getOverloadedOperator()
               ? operatorIdentifier(FD->getOverloadedOperator())
               : FD->getNameAsString();
  return "call";
}

/// Lifts calls of user functions out of E (innermost first) into Call
/// statements whose results the rest of E reads from temporaries.
void BodyLowerer::extractCalls(const Expr *E, Block &Out) {
  if (!E)
    return;
  if (!checkExpr(E, /*InCondition=*/false, /*Lifting=*/true))
    return;
  extractRec(E, Out);
}

std::pair<int, const Expr *> BodyLowerer::assignTarget(const Expr *LHS) {
  LHS = skipImplicit(LHS);
  while (auto *P = dyn_cast<ParenExpr>(LHS))
    LHS = skipImplicit(P->getSubExpr());
  if (auto *Ref = dyn_cast<DeclRefExpr>(LHS)) {
    auto It = IR.VarOf.find(Ref->getDecl());
    if (It != IR.VarOf.end() && !IR.Vars[It->second].isAlias() &&
        !IR.Vars[It->second].ByReference)
      return {It->second, nullptr};
  }
  return {-1, LHS};
}

bool BodyLowerer::hasExtractable(const Expr *E) {
  if (isa_and_nonnull<CXXDefaultArgExpr, CXXDefaultInitExpr>(E))
    return false;
  E = skipImplicit(E);
  if (!E)
    return false;
  if (auto *L = dyn_cast<LambdaExpr>(E))
    return llvm::any_of(L->capture_inits(), [&](const Expr *Init) {
      return Init && hasExtractable(Init);
    });
  if (auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
    return true;
  if (auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    return true;
  if (isUserConstruction(dyn_cast<CXXConstructExpr>(E), Ctx))
    return true;
  if (auto *Call = dyn_cast<CallExpr>(E); Call && isUserCall(Call))
    return true;
  for (const clang::Stmt *Child : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(Child); CE && hasExtractable(CE))
      return true;
  return false;
}

bool BodyLowerer::onlyReadForValue(const Expr *E) {
  for (const DynTypedNode &P : Ctx.getParents(*E)) {
    if (auto *Paren = P.get<ParenExpr>())
      return onlyReadForValue(Paren);
    auto *Cast = P.get<ImplicitCastExpr>();
    return Cast && Cast->getCastKind() == CK_LValueToRValue;
  }
  return false;
}

bool BodyLowerer::writesVariables(const Expr *E) {
  E = skipImplicit(E);
  if (!E || isa<LambdaExpr>(E))
    return false;
  if (auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
    return true;
  if (auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    return true;
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    for (unsigned I = 0; FD && I < FD->getNumParams(); ++I)
      if (writesThrough(FD->getParamDecl(I)->getType()))
        return true;
  }
  // A non-const member function of a user class (`it.next()`) changes its
  // object; an accessor (returning a reference) only names a part of it.
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = Member->getMethodDecl();
    if (M && changesObject(M) && !M->getParent()->isInStdNamespace() &&
        !M->getReturnType()->isReferenceType())
      return true;
  }
  return llvm::any_of(E->children(), [](const clang::Stmt *Child) {
    auto *CE = dyn_cast_or_null<Expr>(Child);
    return CE && writesVariables(CE);
  });
}

bool BodyLowerer::passesLambda(const Expr *E) const {
  if (!E)
    return false;
  auto IsLambda = [&](const Expr *Arg) {
    Arg = skipImplicit(Arg);
    if (isa<LambdaExpr>(Arg))
      return true;
    // (A closure passed by value is copied.)
    if (const Expr *Source = copiedFrom(Arg))
      Arg = skipImplicit(Source);
    auto *Ref = dyn_cast<DeclRefExpr>(Arg);
    auto It =
        Ref ? IR.LocalCallables.find(Ref->getDecl()) : IR.LocalCallables.end();
    return It != IR.LocalCallables.end() &&
           isa<LambdaExpr>(skipImplicit(It->second));
  };
  if (auto *Call = dyn_cast<CallExpr>(E))
    for (const Expr *Arg : Call->arguments())
      if (IsLambda(Arg))
        return true;
  for (const clang::Stmt *Child : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(Child);
        CE && !isa<LambdaExpr>(CE) && passesLambda(CE))
      return true;
  return false;
}

void BodyLowerer::lowerSelect(const ConditionalOperator *C, Block &Out) {
  extractRec(C->getCond(), Out);
  if (!hasExtractable(C->getTrueExpr()) && !hasExtractable(C->getFalseExpr()))
    return;
  if (C->isGLValue() && !onlyReadForValue(C)) {
    // A temporary would be a copy, and this '?:' may be written through
    // or bound to a reference.
    Diags.error(C->getQuestionLoc(),
                "ddx cannot differentiate a '?:' that chooses between "
                "objects (not values) and makes a call yet");
    Diags.note(C->getQuestionLoc(),
               "write it as an if statement, or call the function before "
               "the '?:' and use the variable that holds its result");
    return;
  }
  int Value = newVar("_select", C->getType().getUnqualifiedType(),
                     Variable::Kind::Temp);
  Stmt Branch;
  Branch.K = Stmt::Kind::If;
  Branch.Loc = C->getQuestionLoc();
  Branch.Cond = Printer.print(C->getCond()->IgnoreParens());
  Branch.CondExpr = C->getCond();
  extractRec(C->getTrueExpr(), Branch.Then);
  emitAssign(Branch.Then, C->getQuestionLoc(), Value, "", nullptr, BO_Assign,
             C->getTrueExpr());
  extractRec(C->getFalseExpr(), Branch.Else);
  emitAssign(Branch.Else, C->getColonLoc(), Value, "", nullptr, BO_Assign,
             C->getFalseExpr());
  // One of the two writes runs: outside loops, each is the first.
  if (LoopDepth == 0) {
    Branch.Else.back().FirstWrite = true;
    Branch.Else.back().SaveOld = false;
  }
  Out.push_back(std::move(Branch));
  IR.TempOf[C] = Value;
}

void BodyLowerer::lowerShortCircuit(const BinaryOperator *B, Block &Out) {
  extractRec(B->getLHS(), Out);
  if (!hasExtractable(B->getRHS()))
    return;
  bool And = B->getOpcode() == BO_LAnd;
  int Value = newVar(And ? "_and" : "_or", Ctx.BoolTy, Variable::Kind::Temp);
  emitAssign(Out, B->getOperatorLoc(), Value, "", nullptr, BO_Assign,
             B->getLHS());
  Stmt Branch;
  Branch.K = Stmt::Kind::If;
  Branch.Loc = B->getOperatorLoc();
  Branch.Cond = (And ? "" : "!") + IR.Vars[Value].Name;
  extractRec(B->getRHS(), Branch.Then);
  emitAssign(Branch.Then, B->getOperatorLoc(), Value, "", nullptr, BO_Assign,
             B->getRHS());
  Out.push_back(std::move(Branch));
  IR.TempOf[B] = Value;
}

void BodyLowerer::extractRec(const Expr *E, Block &Out) {
  // A default argument is evaluated by the callee (or printed as its value
  // where generated code passes it), never a statement of this function.
  if (isa_and_nonnull<CXXDefaultArgExpr, CXXDefaultInitExpr>(E))
    return;
  E = skipImplicit(E);
  if (!E)
    return;
  if (auto *C = dyn_cast<ConditionalOperator>(E))
    return lowerSelect(C, Out);
  if (auto *B = dyn_cast<BinaryOperator>(E); B && B->isLogicalOp())
    return lowerShortCircuit(B, Out);
  if (auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp()) {
    // x++ reads as a temporary holding the old value; ++x as one holding
    // the new value.
    auto [Var, LValue] = assignTarget(U->getSubExpr());
    int Temp = newVar(U->isPostfix() ? "_old" : "_new",
                      U->getSubExpr()->getType().getUnqualifiedType(),
                      Variable::Kind::Temp);
    BinaryOperatorKind Op = U->isIncrementOp() ? BO_AddAssign : BO_SubAssign;
    if (U->isPostfix())
      emitAssign(Out, U->getOperatorLoc(), Temp, "", nullptr, BO_Assign,
                 U->getSubExpr());
    emitAssign(Out, U->getOperatorLoc(), Var, "", LValue, Op, nullptr);
    if (U->isPrefix())
      emitAssign(Out, U->getOperatorLoc(), Temp, "", nullptr, BO_Assign,
                 U->getSubExpr());
    IR.TempOf[U] = Temp;
    return;
  }
  if (auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp()) {
    // An assignment read for its value (checkExpr allows no other): a
    // statement of its own, then a temporary holding what it stored.
    extractRec(B->getRHS(), Out);
    auto [Var, LValue] = assignTarget(B->getLHS());
    emitAssign(Out, B->getOperatorLoc(), Var, "", LValue, B->getOpcode(),
               B->getRHS());
    int Temp = newVar("_stored", B->getType().getUnqualifiedType(),
                      Variable::Kind::Temp);
    emitAssign(Out, B->getOperatorLoc(), Temp, "", nullptr, BO_Assign,
               B->getLHS());
    IR.TempOf[B] = Temp;
    return;
  }
  if (auto *L = dyn_cast<LambdaExpr>(E)) {
    // Its body is not part of this function; the initializers of its
    // init-captures are, evaluated where the lambda is made.
    for (const Expr *Init : L->capture_inits())
      if (Init)
        extractRec(Init, Out);
    return;
  }
  if (auto *Construct = dyn_cast<CXXConstructExpr>(E);
      isUserConstruction(Construct, Ctx)) {
    // A temporary object: a variable of its own that the rest of E reads.
    // (One expression built again, a member's initialiser shared by every
    // object the compiler's constructor builds, builds the same variable.)
    if (int Temp = IR.TempOf.lookup(Construct); IR.TempOf.count(Construct))
      return lowerConstruction(Construct, cast<VarDecl>(IR.Vars[Temp].Decl),
                               Temp, Out);
    std::string Name = uniqueName(
        "_" + Construct->getConstructor()->getParent()->getNameAsString());
    Used.erase(Name); // newVar claims it again
    const VarDecl *Object = temporaryObject(
        Ctx, Construct, const_cast<FunctionDecl *>(IR.Function), Name);
    if (!isDeclarable(Object->getType(), Construct->getBeginLoc()))
      return;
    int Temp = newVar(Name, Object->getType(), Variable::Kind::Temp, Object);
    IR.TempOf[Construct] = Temp;
    return lowerConstruction(Construct, Object, Temp, Out);
  }
  for (const clang::Stmt *Child : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(Child))
      extractRec(CE, Out);
  auto *Call = dyn_cast<CallExpr>(E);
  if (!Call || !isUserCall(Call))
    return;
  noteOptionArgs(Call);
  Stmt S;
  S.K = Stmt::Kind::Call;
  S.Loc = Call->getExprLoc();
  S.Call = Call;
  QualType Ret = Call->getType();
  if (Call->isGLValue() && Ret->isRecordType()) {
    Diags.error(Call->getExprLoc(),
                "ddx cannot use the reference that '" +
                    (Call->getDirectCallee()
                         ? Call->getDirectCallee()->getNameAsString()
                         : calleeBaseName(Call)) +
                    "' returns yet");
    Diags.note(Call->getExprLoc(), "call it in a statement of its own, then "
                                   "use the object it returned");
    return;
  }
  if (!Ret->isVoidType()) {
    // A call extracted again (a member's default value, `double k = g(2);`,
    // is one expression for every object built) sets the same temporary
    // again: the rest of the function reads that one.
    bool Again = IR.TempOf.count(Call);
    int Temp = Again ? IR.TempOf.lookup(Call)
                     : newVar("_" + calleeBaseName(Call),
                              Ret.getUnqualifiedType(), Variable::Kind::Temp);
    IR.TempOf[Call] = Temp;
    Variable &V = IR.Vars[Temp];
    S.Var = Temp;
    S.FirstWrite = LoopDepth == 0 && V.Writes == 0;
    ++V.Writes;
    if (LoopDepth > 0)
      V.WrittenInLoop = true;
    S.SaveOld = !S.FirstWrite;
  }
  pushCall(S, Out);
}

void BodyLowerer::pushCall(Stmt S, Block &Out) {
  if (const Expr *Dispatched =
          OverriderIndex::dispatchedObject(cast<CallExpr>(S.Call)))
    return pushDispatch(S, Dispatched, Out);
  const Expr *Object = calledObject(cast<CallExpr>(S.Call));
  std::optional<CandidateSet> Set;
  if (Object && !resolveCallable(Object, IR, Ctx))
    Set = candidateFunctions(Object, IR);
  if (!Set) {
    Out.push_back(S);
    return;
  }
  // if (f == &a) a(...); else if (f == &b) b(...); else c(...);
  std::string Pointer = Printer.varName(IR.VarOf.lookup(Set->Pointer));
  Block *Into = &Out;
  for (size_t I = 0; I < Set->Functions.size(); ++I) {
    S.Candidate = Set->Functions[I];
    if (I + 1 == Set->Functions.size()) {
      Into->push_back(S);
      break;
    }
    Stmt Branch;
    Branch.K = Stmt::Kind::If;
    Branch.Loc = S.Loc;
    // An overloaded or template function's address needs the pointer's
    // type to say which one.
    std::string Address = "&" + Printer.calleeName(S.Candidate, nullptr);
    if (S.Candidate->getPrimaryTemplate() ||
        !S.Candidate->getDeclContext()
             ->lookup(S.Candidate->getDeclName())
             .isSingleResult())
      Address = "static_cast<" +
                Printer.typeName(Set->Pointer->getType().getUnqualifiedType()) +
                ">(" + Address + ")";
    Branch.Cond = Pointer + " == " + Address;
    Branch.Then.push_back(S);
    Into->push_back(std::move(Branch));
    Into = &Into->back().Else;
  }
}

/// `p.energy(r)` on a reference or pointer to a class with virtual
/// functions: a branch for each class this translation unit defines that
/// the object may have, calling that class's overrider (so each branch is
/// bound statically), and a stop for an object of a class ddx never saw
/// (defined in another translation unit), rather than a wrong derivative.
void BodyLowerer::pushDispatch(Stmt S, const Expr *Object, Block &Out) {
  auto *Call = cast<CallExpr>(S.Call);
  std::string Name = Call->getDirectCallee()->getQualifiedNameAsString();
  std::vector<OverriderCase> Cases = Overriders.cases(Call);
  if (Cases.empty()) {
    Diags.error(S.Loc, "ddx cannot bind the virtual call '" + Name +
                           "': no class defined in this translation unit "
                           "overrides it for an object to have");
    Diags.note(S.Loc, "define the derived classes in a header this file "
                      "includes, or call the function of a concrete class");
    return;
  }
  if (OverriderIndex::knownClass(Object) && Cases.front().Overrider) {
    S.Candidate = Cases.front().Overrider;
    Out.push_back(S);
    return;
  }
  const Expr *Plain = skipImplicit(Object);
  std::string Text = isa<CXXThisExpr>(Plain) ? "self" : Printer.print(Plain);
  if (!isa<CXXThisExpr>(Plain) && Plain->getType()->isPointerType())
    Text = "*(" + Text + ")";
  Block *Into = &Out;
  for (const OverriderCase &Case : Cases) {
    Stmt Branch;
    Branch.K = Stmt::Kind::If;
    Branch.Loc = S.Loc;
    Branch.Cond = "typeid(" + Text + ") == typeid(" +
                  Printer.typeName(Ctx.getRecordType(Case.Class)) + ")";
    S.Candidate = Case.Overrider;
    Branch.Then.push_back(S);
    Into->push_back(std::move(Branch));
    Into = &Into->back().Else;
  }
  Stmt Stop;
  Stop.K = Stmt::Kind::Raw;
  Stop.Loc = S.Loc;
  Stop.Text =
      "::ddx::unknown_dynamic_type(\"" + Name + "\", typeid(" + Text + "));";
  Into->push_back(std::move(Stop));
}

} // namespace

/// Generated code declares every variable (and its shadow) before setting
/// it, which a struct with a reference member does not allow: refused at
/// the variable, rather than an output that does not compile.
static bool checkReferenceMembers(const FunctionIR &IR, DiagReporter &Diags) {
  for (const Variable &V : IR.Vars) {
    // (A parameter is declared with its value, and may carry none.)
    bool Hoisted = V.K == Variable::Kind::Local || V.K == Variable::Kind::Temp;
    const FieldDecl *F =
        Hoisted && !V.isAlias() ? referenceMember(V.Type) : nullptr;
    if (!F)
      continue;
    SourceLocation At = V.Decl ? V.Decl->getLocation() : F->getLocation();
    Diags.error(At, "ddx cannot differentiate code with a variable of type '" +
                        userTypeName(V.Type, F->getASTContext()) +
                        "' yet: its member '" + F->getNameAsString() +
                        "' is a reference, and generated code declares "
                        "variables before it sets them");
    Diags.note(F->getLocation(), "hold a pointer instead, or pass what it "
                                 "refers to as an argument");
    return false;
  }
  return true;
}

std::unique_ptr<FunctionIR>
Lowering::lower(const FunctionDecl *FD, const LambdaExpr *Lambda,
                llvm::ArrayRef<CallableBinding> Bindings) {
  auto IR = std::make_unique<FunctionIR>();
  IR->Function = FD;
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->getBody()) {
    Diags.error(FD->getLocation(),
                "ddx needs the definition of '" + FD->getNameAsString() +
                    "' to differentiate it, and this translation unit only "
                    "declares it; define it in a header this file includes, "
                    "or " +
                    RuleRemedy);
    return nullptr;
  }
  IR->Function = Def;
  BodyLowerer L(Ctx, Rules, Diags, Overriders, *IR);
  if (Lambda) {
    for (const LambdaCapture &C : Lambda->captures()) {
      if (!C.capturesVariable() || C.capturesVLAType()) {
        Diags.error(C.getLocation(),
                    "ddx cannot differentiate a lambda that captures 'this' "
                    "yet; capture the members it uses by name ([m = this->m], "
                    "or [&m = this->m] to write them), or pass the object to "
                    "the lambda as a parameter");
        return nullptr;
      }
      auto *Captured = dyn_cast<VarDecl>(C.getCapturedVar());
      if (!Captured) {
        Diags.error(C.getLocation(),
                    "ddx cannot differentiate a lambda that captures a "
                    "structured binding yet; copy it into an ordinary local "
                    "before the lambda and capture that");
        return nullptr;
      }
      // A closure keeps its copies from one call to the next; ddx passes
      // captures to each call, so a copy the body changes (a mutable
      // lambda's, a mutable member's) would start afresh every time.
      if (C.getCaptureKind() == LCK_ByCopy &&
          isModified(Captured, Lambda->getBody())) {
        std::string Name = Captured->getNameAsString();
        Diags.error(C.getLocation(),
                    "the lambda changes its own copy of '" + Name +
                        "', which it keeps from one call to the next; ddx "
                        "cannot differentiate a lambda with such state yet");
        Diags.note(C.getLocation(),
                   "capture '" + Name +
                       "' by reference, or keep the running value in a "
                       "variable of the enclosing function");
        return nullptr;
      }
      // Calls of a captured lambda are bound to it; its captures are
      // parameters here.
      if (const LambdaExpr *Inner = capturedLambda(C))
        IR->LocalCallables[Captured] = Inner;
    }
    for (const CaptureSlot &S : captureSlots(Lambda, Ctx, Bindings))
      L.addParam(S.Var, S.ParamType);
  } else if (auto *Method = dyn_cast<CXXMethodDecl>(Def)) {
    if (Method->isInstance()) {
      IR->SelfClass = Method->getParent();
      IR->SelfIsConst = Method->isConst();
      L.addSelf(Method);
    }
  }
  IR->Bindings.assign(Bindings.begin(), Bindings.end());
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    bool Bound = false;
    for (unsigned B = 0; B < Bindings.size(); ++B) {
      if (Bindings[B].Captured || Bindings[B].Param != I)
        continue;
      if (Bindings[B].Field) {
        IR->BoundFields[{P, Bindings[B].Field}] = Bindings[B].Function;
        continue;
      }
      IR->BoundParams[P] = B;
      Bound = true;
    }
    if (!Bound)
      L.addParam(P, P->getType());
  }
  // A lambda's captured callables are bound like parameters (their captures
  // came with the lambda's own, above).
  for (unsigned B = 0; B < Bindings.size(); ++B) {
    if (!Bindings[B].Captured)
      continue;
    if (Bindings[B].Field)
      IR->BoundFields[{Bindings[B].Captured, Bindings[B].Field}] =
          Bindings[B].Function;
    else
      IR->BoundParams[Bindings[B].Captured] = B;
  }
  // A bound lambda's captures arrive as trailing parameters, keyed by the
  // captured variables (calls of the lambda refer to them so).
  for (const CallableBinding &B : Bindings) {
    if (!B.Lambda || B.Captured)
      continue;
    for (const CaptureSlot &S : captureSlots(B.Lambda, Ctx))
      L.addParam(S.Var, S.ParamType);
  }
  if (auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    L.lowerConstructorInits(Ctor);
  L.lowerBody(Def->getBody());
  if (Diags.hasErrors() || !checkReferenceMembers(*IR, Diags))
    return nullptr;
  return IR;
}

} // namespace ddx
