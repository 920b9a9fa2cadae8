//===- Heap.cpp - memory a function allocates and frees -------------------===//
//
// `p = new T[n]` and `p = (T *)malloc(b)` are Allocate statements (the
// shadow gets zeroed memory of its own), `delete[] p` and `free(p)` Free
// statements. Reverse mode cannot free memory where the primal does: the
// reverse sweep still reads it and accumulates into its shadow. The tape
// keeps it, and the reverse sweep gives it back where it undoes the
// allocation (ddx::tape::keep and release).
//
//===----------------------------------------------------------------------===//
#include "Activity/ActivityAnalysis.h"
#include "Lowering/BodyLowerer.h"

namespace ddx {
namespace lowering {

bool BodyLowerer::isReevaluable(const Expr *E, llvm::StringRef What) {
  // (The emitters print it again: for the shadow, for the tape.)
  bool Ok = !E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false);
  std::function<void(const clang::Stmt *)> Visit = [&](const clang::Stmt *S) {
    if (!S || !Ok)
      return;
    // A call may give another value each time (rand()), unless it reads
    // only: a const member (v.size()) or a constexpr function.
    if (auto *Call = dyn_cast<CallExpr>(S)) {
      auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
      const FunctionDecl *FD = Call->getDirectCallee();
      Ok = FD && ((Method && Method->isConst()) || FD->isConstexpr());
    }
    for (const clang::Stmt *Child : S->children())
      Visit(Child);
  };
  Visit(E);
  if (!Ok) {
    Diags.error(E->getExprLoc(),
                "ddx cannot differentiate this " + What.str() +
                    " here: ddx evaluates it again (for the derivative's "
                    "memory, or to save what the call overwrites), and it "
                    "has effects or calls that may give another value");
    Diags.note(E->getExprLoc(), "compute it into a local variable first");
  }
  return Ok;
}

/// Whether the class T can be copied and copy-assigned: no such member
/// deleted, none removed by a move the user declared. (Not isTapeable's
/// test: the tape copies a trivially copyable object's bytes, where this
/// copy runs the class's copy constructor and assignment.)
static bool copyable(QualType T) {
  const CXXRecordDecl *Class = T->getAsCXXRecordDecl();
  if (!Class || !Class->hasDefinition())
    return true;
  return llvm::none_of(Class->methods(), [](const CXXMethodDecl *M) {
    bool Copy = M->isCopyAssignmentOperator() ||
                (isa<CXXConstructorDecl>(M) &&
                 cast<CXXConstructorDecl>(M)->isCopyConstructor());
    bool Move = M->isMoveAssignmentOperator() ||
                (isa<CXXConstructorDecl>(M) &&
                 cast<CXXConstructorDecl>(M)->isMoveConstructor());
    return (Copy && M->isDeleted()) || (Move && M->isUserProvided());
  });
}

bool BodyLowerer::checkNew(const CXXNewExpr *New, SourceLocation Loc) {
  QualType T = New->getAllocatedType();
  if (New->getNumPlacementArgs() > 0) {
    Diags.error(Loc, "ddx cannot differentiate a new-expression with "
                     "placement arguments (placement new, std::nothrow): "
                     "ddx allocates the derivative's memory beside the "
                     "value's with a plain new");
    Diags.note(Loc, "allocate with a plain new, malloc or a std::vector");
    return false;
  }
  if (T->isArrayType()) {
    Diags.error(Loc, "ddx cannot differentiate a new array of arrays yet");
    Diags.note(Loc, "allocate one array of all the elements and index it "
                    "(i * columns + j)");
    return false;
  }
  if (New->isArray() && !isReevaluable(*New->getArraySize(), "array size"))
    return false;
  if (!initializesValues(New))
    return true;
  // The values are written one by one after the memory is allocated, which
  // needs a way to allocate it first: a default constructor, or the
  // object's own constructor, whose arguments are then read twice.
  // (Built apart by its constructor, the object is copied into the new
  // memory, its shadow copied from it.)
  if (builtByConstructor(New) && !copyable(T)) {
    Diags.error(Loc, "ddx cannot differentiate this new '" +
                         userTypeName(T, Ctx) +
                         "' yet: ddx builds the object by its constructor "
                         "apart and copies it into the new memory, and the "
                         "class cannot be copied");
    Diags.note(Loc, "give the class a default constructor, or let it be "
                    "copied");
    return false;
  }
  if (builtByConstructor(New))
    return llvm::all_of(
        cast<CXXConstructExpr>(New->getInitializer())->arguments(),
        [&](const Expr *Arg) {
          return isa<CXXDefaultArgExpr>(Arg) ||
                 isReevaluable(Arg, "constructor argument");
        });
  auto *Record = T->getAsCXXRecordDecl();
  if (Record && Record->hasDefinition() && !Record->hasDefaultConstructor()) {
    Diags.error(Loc, "ddx cannot differentiate this new '" +
                         userTypeName(T, Ctx) +
                         "' yet: ddx allocates the object first and then "
                         "gives it its values, which needs a default "
                         "constructor");
    Diags.note(Loc, "give the class a default constructor, such as '" +
                        Record->getNameAsString() + "() = default;'");
    return false;
  }
  if (New->isArray() && !isa<InitListExpr>(New->getInitializer())) {
    Diags.error(Loc, "ddx cannot differentiate this initialiser of a new "
                     "array yet");
    Diags.note(Loc, "initialise the elements with a brace list, or assign "
                    "them after the allocation");
    return false;
  }
  return true;
}

void BodyLowerer::lowerAllocation(const Allocation &A, int Var,
                                  const std::string &Path, const Expr *LValue,
                                  const Expr *Value, SourceLocation Loc,
                                  Block &Out) {
  if (A.New && !checkNew(A.New, Loc))
    return;
  if (!A.New && llvm::any_of(A.Call->arguments(), [&](const Expr *Arg) {
        return !isReevaluable(Arg, "allocation size");
      }))
    return;
  if (A.New && A.New->isArray())
    extractCalls(*A.New->getArraySize(), Out);
  else if (!A.New)
    extractCalls(Value, Out);
  if (!A.New || !initializesValues(A.New)) {
    emitAssign(Out, Loc, Var, Path, LValue, BO_Assign, Value);
    Out.back().Allocate = true;
    return;
  }
  // The initial values are written as any element's (so their derivatives
  // flow like an assignment's): p[0] = x; p[0].x = a; p[1] = b. Through a
  // new pointer variable when the target is not a variable, or when they
  // read it (`head = new Node{v, head}` links to the old head), or when it
  // points to a base class: the values written through it would be sliced
  // to the base's part (`Potential *p = new Harmonic(k)`).
  IR.ValuesWrittenApart.insert(A.New);
  const Expr *Init = A.New->getInitializer();
  int Into = Var;
  if (Var < 0 || !Path.empty() || mentions(Init, IR.Vars[Var].Decl) ||
      !Ctx.hasSameUnqualifiedType(IR.Vars[Var].Type, A.New->getType()))
    Into = newVar("_new", A.New->getType(), Variable::Kind::Local);
  emitAssign(Out, Loc, Into, "", nullptr, BO_Assign, Value);
  Out.back().Allocate = true;
  size_t Allocated = Out.size();
  if (!A.New->isArray()) {
    lowerInit(Into, "[0]", A.Element, Init, Loc, Out);
  } else {
    auto *List = cast<InitListExpr>(Init);
    for (unsigned I = 0; I < List->getNumInits(); ++I)
      lowerInit(Into, "[" + std::to_string(I) + "]", A.Element,
                List->getInit(I), Loc, Out);
  }
  // (The memory is new: what its initial values overwrite is never read,
  // the reverse sweep undoing the allocation next.)
  for (size_t I = Allocated; I < Out.size(); ++I)
    if (Out[I].K == Stmt::Kind::Assign && Out[I].Var == Into)
      Out[I].SaveOld = false;
  if (Into == Var)
    return;
  // The new-expression reads as the pointer it was allocated into (so does
  // a make function's call under a conversion to a smart pointer to a
  // base).
  IR.TempOf[skipImplicit(Value)] = Into;
  if (A.Made)
    IR.TempOf[A.Made] = Into;
  emitAssign(Out, Loc, Var, Path, LValue, BO_Assign, Value);
}

void BodyLowerer::lowerFree(const Expr *E, const Expr *Pointer, Block &Out) {
  checkExpr(Pointer);
  if (!isReevaluable(Pointer, "pointer") ||
      !checkDestructor(Pointer->getType()->getPointeeType(), E->getExprLoc()))
    return;
  Stmt S;
  S.K = Stmt::Kind::Eval;
  S.Loc = E->getExprLoc();
  S.Call = E;
  S.Value = Pointer;
  S.Free = true;
  Out.push_back(S);
}

void BodyLowerer::lowerSmartAssignment(const CXXOperatorCallExpr *Op,
                                       Block &Out) {
  checkExpr(Op->getArg(0));
  auto [Var, LValue] = assignTarget(Op->getArg(0));
  const Expr *Value = Op->getArg(1);
  SourceLocation Loc = Op->getOperatorLoc();
  if (auto A = allocationOf(Value))
    return lowerAllocation(*A, Var, "", LValue, Value, Loc, Out);
  if (!checkSmartValue(Op->getArg(0)->getType(), Value, Loc))
    return;
  checkExpr(Value);
  emitAssign(Out, Loc, Var, "", LValue, BO_Assign, Value);
}

bool BodyLowerer::checkSmartValue(QualType T, const Expr *Value,
                                  SourceLocation Loc) {
  // A std::shared_ptr copied is one more owner of the same memory: a
  // pointer copied, its shadow with it. Any other value would take memory
  // from another owner (a move) or give it back (nullptr), where the
  // reverse sweep still reads it.
  const Expr *From = skipImplicit(Value);
  if (auto *Construct = dyn_cast<CXXConstructExpr>(From);
      Construct && Construct->getNumArgs() == 1)
    From = skipImplicit(Construct->getArg(0));
  auto *Class = From->getType()->getAsCXXRecordDecl();
  if (From->isLValue() && isSmartPointer(From->getType()) &&
      Class->getName() == "shared_ptr")
    return true;
  if (auto *Call = dyn_cast<CallExpr>(From); Call && !Call->isCallToStdMove()) {
    Diags.error(Loc, "ddx cannot differentiate a call that returns a '" +
                         userTypeName(T.getDesugaredType(Ctx), Ctx) +
                         "' here yet: ddx follows a smart pointer's memory "
                         "from where std::make_unique, std::make_shared or "
                         "new makes it in the function it differentiates");
    Diags.note(Loc, "make the object here with std::make_unique or "
                    "std::make_shared, and give the function's work to a "
                    "function that takes the object by reference");
    return false;
  }
  Diags.error(Loc, "ddx cannot differentiate this value given to a '" +
                       userTypeName(T.getDesugaredType(Ctx), Ctx) +
                       "' yet (a move from another, or nullptr): ddx "
                       "follows a smart pointer's memory from "
                       "where std::make_unique, std::make_shared or new "
                       "makes it, and the reverse sweep still reads memory "
                       "that a move, a release or a reset would take away");
  Diags.note(Loc, "give the pointer the value of std::make_unique or "
                  "std::make_shared, copy a std::shared_ptr, and let the "
                  "pointer free its memory where its life ends");
  return false;
}

void BodyLowerer::lowerMemoryCall(const MemoryCall &M, Block &Out) {
  checkExpr(M.Call);
  if (!isReevaluable(M.Dest, "destination") ||
      (M.Source && !isReevaluable(M.Source, "source")) ||
      !isReevaluable(M.Bytes, "size"))
    return;
  if (M.Source && (M.SourceElement.isNull() ||
                   !Ctx.hasSameUnqualifiedType(M.SourceElement, M.Element))) {
    Diags.error(M.Source->getExprLoc(),
                "ddx cannot differentiate this copy of '" +
                    userTypeName(M.Element, Ctx) +
                    "' data from memory of another type: ddx copies the "
                    "derivative element by element");
    Diags.note(M.Source->getExprLoc(),
               "copy from a pointer to the same floating-point type");
    return;
  }
  Stmt S;
  S.K = Stmt::Kind::Eval;
  S.Loc = M.Call->getExprLoc();
  S.Call = M.Call;
  S.Memory = true;
  Out.push_back(S);
}

bool BodyLowerer::lowerSwap(const Expr *E, const ContainerSwap &Swap,
                            Block &Out) {
  if (containerTarget(Swap.First).first < 0 ||
      containerTarget(Swap.Second).first < 0)
    return false;
  if (!checkExpr(Swap.First) || !checkExpr(Swap.Second))
    return true;
  Stmt S;
  S.K = Stmt::Kind::Eval;
  S.Loc = E->getExprLoc();
  S.Call = E;
  S.Swap = true;
  Out.push_back(S);
  return true;
}

} // namespace lowering
} // namespace ddx
