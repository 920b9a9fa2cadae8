//===- BodyLowerer.h - lowering one function body ---------------*- C++ -*-===//
//
// The state and steps of lowering one function body into FunctionIR,
// shared by the files of this folder: Lowering.cpp (variables, flags, the
// entry point), Statements.cpp (control flow), Declarations.cpp (locals,
// objects and their initialisation) and Expressions.cpp (calls lifted out
// of expressions, and what expressions lowering takes). Private to
// lib/Lowering.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_LOWERING_BODYLOWERER_H
#define DDX_LOWERING_BODYLOWERER_H

#include "Activity/PointerTargets.h"
#include "Lowering/Constructions.h"
#include "Lowering/Lowering.h"
#include "Plan/CallableResolver.h"
#include "Requests/RequestFinder.h"
#include "Support/Describe.h"
#include "Support/ExprPrinter.h"
#include "Support/HeapCalls.h"
#include "Support/Spelling.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <functional>

namespace ddx {
namespace lowering {

using namespace clang;
using FlagSet = llvm::SmallVector<int, 4>;

/// What to do about exceptions on a derivative path: a derivative of a
/// throw has no meaning, so the check belongs before the request.
void noteExceptions(DiagReporter &Diags, SourceLocation At);
void mergeFlags(FlagSet &Into, const FlagSet &From);
/// Does S contain a break (or continue) that leaves S's own loop or switch?
/// Nested loops and switches own their breaks; nested loops own continues.
bool hasJump(const clang::Stmt *S, bool Continue);
/// A copy or move assignment whose operator the compiler wrote (defaulted
/// or implicit), or a std::vector's: a value assignment.
const CXXOperatorCallExpr *valueAssignment(const Expr *E);
/// An assignment or compound assignment to a std::complex (`z = x`,
/// `z *= w`): a scalar's, lowered as one.
const CXXOperatorCallExpr *complexAssignment(const Expr *E);
/// E as a braced temporary of type T (`T{a, b}`, also `T x = T{a, b}`'s
/// initialiser): its brace list, or null.
const InitListExpr *bracedTemporary(const Expr *E, QualType T);
/// Init as a move construction (`T t = std::move(s);`, a member's
/// `v(std::move(o.v))`), or null.
const CXXConstructExpr *moveConstruction(const Expr *Init);

/// Lowers one function body.
class BodyLowerer {
public:
  BodyLowerer(ASTContext &Ctx, const RuleBinder &Rules, DiagReporter &Diags,
              OverriderIndex &Overriders, FunctionIR &IR)
      : Ctx(Ctx), Rules(Rules), Diags(Diags), Overriders(Overriders), IR(IR),
        Printer(Ctx, IR, Diags, bindCallee) {}

  void addParam(const ValueDecl *D, QualType Type);
  /// The object of a member function, as the parameter `self`.
  void addSelf(const CXXMethodDecl *Method);
  void lowerBody(const clang::Stmt *Body);
  const ExprPrinter &printer() const { return Printer; }
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
  /// `e.first` or `e.second` of a std::pair decomposed as `auto [a, b] = e`.
  const MemberExpr *pairMember(const DecompositionDecl *DD, const FieldDecl *F);
  void addBindings(const DecompositionDecl *DD);
  void lowerInit(int Var, const std::string &Path, QualType T, const Expr *Init,
                 SourceLocation Loc, Block &Out);
  /// `v.push_back(x)` (or `emplace_back(x)`) on a std::vector variable:
  /// a Grow statement (see Stmt::Grow). Returns false, doing nothing, for
  /// any other call.
  /// A std::vector a statement reshapes: a local or by-value parameter, or
  /// a member of one (`s.w`, `this->w`), as a variable and a member path;
  /// {-1, ""} for one reached through a pointer, which the general rules
  /// refuse on active data.
  std::pair<int, std::string> containerTarget(const Expr *Container);
  /// After `T t = std::move(s)` or `t = std::move(s)` by Move: s's vectors
  /// emptied, as the move leaves them.
  void clearMovedFrom(const CXXMethodDecl *Move, const Expr *From,
                      SourceLocation Loc, Block &Out);
  void clearContainers(int Var, const std::string &Path, QualType T,
                       SourceLocation Loc, Block &Out);
  /// `v.resize(n)` and `v.clear()`: a Reshape statement.
  bool lowerReshape(const CXXMemberCallExpr *Call, Block &Out);
  bool lowerGrow(const CXXMemberCallExpr *Call, Block &Out);
  /// `p = new T[n]`, `p = (T *)malloc(b)` to the variable Var + Path or to
  /// LValue: an Allocate statement, then the new-expression's initial
  /// values as assignments of their own (see Heap.cpp).
  void lowerAllocation(const Allocation &A, int Var, const std::string &Path,
                       const Expr *LValue, const Expr *Value,
                       SourceLocation Loc, Block &Out);
  bool checkNew(const CXXNewExpr *New, SourceLocation Loc);
  /// Whether E (an operand of a heap or memory call) gives the same value
  /// each time the emitters print it; reports it otherwise, as What.
  bool isReevaluable(const Expr *E, llvm::StringRef What);
  /// `delete[] p`, `free(p)` (E), giving back what Pointer points to.
  void lowerFree(const Expr *E, const Expr *Pointer, Block &Out);
  /// `p = std::make_unique<T>(args)`, `q = p` of std::shared_ptr.
  void lowerSmartAssignment(const CXXOperatorCallExpr *Op, Block &Out);
  /// Whether Value, given to a smart pointer of type T, is one ddx
  /// follows (other than an allocation); says why not if not.
  bool checkSmartValue(QualType T, const Expr *Value, SourceLocation Loc);
  /// memcpy, memmove and memset of floating-point data.
  void lowerMemoryCall(const MemoryCall &M, Block &Out);
  /// `std::swap(a, b)` and `a.swap(b)` (E) of two std::vector variables (or
  /// their members): a Swap statement. False, with nothing written, for
  /// containers reached otherwise (a pointer, an element of another).
  bool lowerSwap(const Expr *E, const ContainerSwap &Swap, Block &Out);

  /// Whether generated code can declare a variable of type T before it
  /// sets it (reported at Loc): with a default constructor, or, for a
  /// trivially copyable class, from zero bytes (::ddx::zero).
  bool checkBase(const CXXRecordDecl *Record, const CXXBaseSpecifier &Base,
                 const Expr *Init, SourceLocation Loc);
  static bool publicMembers(const CXXRecordDecl *Record);
  static const FieldDecl *hiddenMember(const CXXRecordDecl *Record,
                                       const CXXBaseSpecifier &Base);
  bool isDeclarable(QualType T, SourceLocation Loc);
  /// Refuses an object of type T whose destructor does work of its own
  /// (not only freeing memory), whose life ends at Loc or at its scope's end.
  bool checkDestructor(QualType T, SourceLocation Loc);
  bool readInLambda(const VarDecl *VD) const;
  /// The object of a virtual call dispatched on its dynamic type (see
  /// OverriderIndex), or null.
  const Expr *dispatchedObject(const CallExpr *Call) const;
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
  /// Makes `i++` read as `i`, with `i += 1` after the statement being
  /// lowered (StepStatement), where i is a local integer named once in it,
  /// only ever read, assigned or stepped, and the step is not in a branch.
  /// Returns whether it did.
  bool deferStep(const UnaryOperator *U, int Var);
  /// Whether the value of E is only used as a number: an index, or an
  /// operand of arithmetic or a comparison (where `i` may stand for `i++`,
  /// never bound to a reference).
  bool readAsNumber(const Expr *E);
  /// `buf[n++] = v`: the steps in an assignment's target that may follow
  /// the statement (deferStep), so that the target names one element.
  void deferTargetSteps(const Expr *E);
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
  /// `p = std::make_pair(a, b)`, `t = std::make_tuple(a, b, c)` (or
  /// braces, the constructor): element by element into p, or into a
  /// temporary assigned whole where the parts read p or p is not a whole
  /// variable.
  void lowerTupleAssignment(const CXXOperatorCallExpr *Copy, Block &Out);
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
  /// Names taken; at first, those generated code declares itself (the
  /// tape, an entry's result), which the user's variables must not take.
  llvm::StringSet<> Used = {"_tape", "_r"};
  std::vector<Breakable> Targets;
  int ReturnFlag = -1;
  unsigned LoopDepth = 0;
  unsigned Counters = 0;
  /// While an assignment statement is lowered: the steps that follow it
  /// (see deferStep), and the statement.
  Block *DeferredSteps = nullptr;
  const Expr *StepStatement = nullptr;
};

} // namespace lowering
} // namespace ddx

#endif // DDX_LOWERING_BODYLOWERER_H
