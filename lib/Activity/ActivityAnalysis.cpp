//===- ActivityAnalysis.cpp -----------------------------------------------===//
#include "Activity/ActivityAnalysis.h"
#include "Plan/CallableResolver.h"
#include "Support/HeapCalls.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

using namespace clang;

namespace ddx {

static bool differentiable(QualType T,
                           llvm::SmallPtrSetImpl<const RecordDecl *> &Open);

namespace {
/// The classes with virtual functions of the translation unit being
/// transformed (on this thread) that a class derived from them gives
/// differentiable data: a `const Potential &` reaches a LennardJones's
/// parameters though Potential holds none.
struct PolymorphicData {
  const ASTContext *Ctx = nullptr;
  llvm::DenseSet<const CXXRecordDecl *> Bases;
};
thread_local PolymorphicData Polymorphic;

class DataHolders : public RecursiveASTVisitor<DataHolders> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCXXRecordDecl(CXXRecordDecl *R) {
    if (!R->isThisDeclarationADefinition() || R->isDependentContext() ||
        R->getNumBases() == 0)
      return true;
    llvm::SmallPtrSet<const RecordDecl *, 8> Open;
    if (llvm::none_of(R->fields(), [&](const FieldDecl *F) {
          return differentiable(F->getType(), Open);
        }))
      return true;
    R->forallBases([](const CXXRecordDecl *B) {
      if (B->isPolymorphic())
        Polymorphic.Bases.insert(B->getCanonicalDecl());
      return true;
    });
    return true;
  }
};
} // namespace

void resetTranslationUnitFacts() { Polymorphic = {}; }

static bool derivedClassHoldsData(const CXXRecordDecl *R) {
  ASTContext &Ctx = R->getASTContext();
  if (Polymorphic.Ctx != &Ctx) {
    Polymorphic = {};
    Polymorphic.Ctx = &Ctx;
    DataHolders().TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  return Polymorphic.Bases.contains(R->getCanonicalDecl());
}

/// Whether D is declared in namespace std, or in a class or namespace
/// nested in it.
static bool inStdNamespace(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (auto *NS = dyn_cast<NamespaceDecl>(DC); NS && NS->isStdNamespace())
      return true;
  return false;
}

/// isDifferentiableType, with the records already being looked at: a
/// struct that points to its own type (a list node) is differentiable only
/// through its other members.
static bool differentiable(QualType T,
                           llvm::SmallPtrSetImpl<const RecordDecl *> &Open) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isRealFloatingType())
    return true;
  // A void* may point to active memory (the context of the gsl_function
  // pattern); its shadow points to the shadow of that memory.
  if (auto *P = T->getAs<PointerType>())
    return P->getPointeeType()->isVoidType() ||
           differentiable(P->getPointeeType(), Open);
  if (T->isArrayType())
    return differentiable(QualType(T->getPointeeOrArrayElementType(), 0), Open);
  auto *R = T->getAsRecordDecl();
  if (!R || !Open.insert(R).second)
    return false;
  bool Result = false;
  // Containers of floating point (std::vector<double>, std::array), and
  // std::tuple<double, ...> (whose types come as one pack).
  std::function<void(const TemplateArgument &)> Visit =
      [&](const TemplateArgument &Arg) {
        if (Arg.getKind() == TemplateArgument::Pack)
          for (const TemplateArgument &Inner : Arg.pack_elements())
            Visit(Inner);
        else if (Arg.getKind() == TemplateArgument::Type)
          Result |= differentiable(Arg.getAsType(), Open);
      };
  if (auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(R))
    for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
      Visit(Arg);
  for (const FieldDecl *F : R->fields())
    Result = Result || differentiable(F->getType(), Open);
  // (A library class's bases are its machinery: std::function's
  // unary_function<double, double> holds no double.)
  if (auto *CXX = dyn_cast<CXXRecordDecl>(R);
      CXX && CXX->hasDefinition() && !inStdNamespace(CXX)) {
    for (const CXXBaseSpecifier &Base : CXX->bases())
      Result = Result || differentiable(Base.getType(), Open);
    // A class with virtual functions is what objects of derived classes,
    // which may hold the data, are used through.
    Result = Result || (CXX->isPolymorphic() && derivedClassHoldsData(CXX));
  }
  Open.erase(R);
  return Result;
}

bool isDifferentiableType(QualType T) {
  llvm::SmallPtrSet<const RecordDecl *, 8> Open;
  return differentiable(T, Open);
}

/// Whether a field of the struct T (or of its bases, or of a struct member,
/// recursively) satisfies Pred.
static bool anyMember(QualType T, llvm::function_ref<bool(QualType)> Pred) {
  auto *R = T.getNonReferenceType()->getAsRecordDecl();
  if (!R)
    return false;
  if (auto *CXX = dyn_cast<CXXRecordDecl>(R))
    for (const CXXBaseSpecifier &Base : CXX->bases())
      if (anyMember(Base.getType(), Pred))
        return true;
  for (const FieldDecl *F : R->fields())
    if (Pred(F->getType()) ||
        (F->getType()->isRecordType() && anyMember(F->getType(), Pred)))
      return true;
  return false;
}

bool holdsPointers(QualType T) {
  return anyMember(T, [](QualType F) {
    return F->isPointerType() && isDifferentiableType(F);
  });
}

bool holdsValues(QualType T) {
  return anyMember(T, [](QualType F) {
    return !F->isPointerType() && !F->isRecordType() && isDifferentiableType(F);
  });
}

/// Whether a default member initializer gives zero: `double b = 0;`,
/// `double b{};`, `std::vector<double> w{};`, `double w[2] = {0, 0};`.
static bool isZeroInit(const Expr *Init, const ASTContext &Ctx) {
  Init = Init->IgnoreImplicit();
  if (isa<ImplicitValueInitExpr>(Init))
    return true;
  if (auto *List = dyn_cast<InitListExpr>(Init))
    return llvm::all_of(List->inits(),
                        [&](const Expr *E) { return isZeroInit(E, Ctx); });
  if (auto *Construct = dyn_cast<CXXConstructExpr>(Init))
    return Construct->getNumArgs() == 0;
  Expr::EvalResult R;
  if (Init->isValueDependent() || !Init->EvaluateAsRValue(R, Ctx))
    return false;
  return (R.Val.isFloat() && R.Val.getFloat().isZero()) ||
         (R.Val.isInt() && R.Val.getInt().isZero());
}

/// Whether a const object of type T can still write active values: through
/// a pointer to non-const it holds (`double *p`), directly, in a member, a
/// base, or among the elements of a standard container that keeps its
/// elements const when it is (`std::vector<double *>`), but not through
/// such a container's own storage (`std::vector<double>`). Other standard
/// classes (smart pointers, views) are taken to write through what they
/// hold.
static bool
writesThroughConst(QualType T,
                   llvm::SmallPtrSetImpl<const RecordDecl *> &Open) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isPointerType())
    return !T->getPointeeType().isConstQualified() && isDifferentiableType(T);
  if (T->isArrayType())
    return writesThroughConst(QualType(T->getPointeeOrArrayElementType(), 0),
                              Open);
  auto *R = T->getAsCXXRecordDecl();
  // (A struct holding a vector of its own type is looked at once.)
  if (!R || !R->hasDefinition() || !Open.insert(R).second)
    return false;
  auto Writes = [&](QualType Inner) { return writesThroughConst(Inner, Open); };
  if (inStdNamespace(R)) {
    static const llvm::StringRef ConstKeeping[] = {
        "vector",        "array",        "deque",    "list", "forward_list",
        "valarray",      "basic_string", "optional", "pair", "tuple",
        "complex",       "map",          "multimap", "set",  "multiset",
        "unordered_map", "unordered_set"};
    if (!isa<ClassTemplateSpecializationDecl>(R) || !R->getIdentifier() ||
        !llvm::is_contained(ConstKeeping, R->getName()))
      return holdsPointers(T);
    return anyTypeArgument(R, Writes);
  }
  for (const CXXBaseSpecifier &Base : R->bases())
    if (Writes(Base.getType()))
      return true;
  return llvm::any_of(R->fields(),
                      [&](const FieldDecl *F) { return Writes(F->getType()); });
}

static bool writesThroughConst(QualType T) {
  llvm::SmallPtrSet<const RecordDecl *, 8> Open;
  return writesThroughConst(T, Open);
}

bool hasDefaultedValues(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isArrayType())
    return hasDefaultedValues(QualType(T->getPointeeOrArrayElementType(), 0));
  auto *R = T->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition())
    return false;
  // A default constructor the user wrote may set anything, and `{}` of a
  // class whose constructors all take arguments does not compile (the
  // standard library's value-initialise: std::pair, std::complex, a
  // vector's parts).
  if ((R->hasUserProvidedDefaultConstructor() || !R->hasDefaultConstructor()) &&
      !inStdNamespace(R) && isDifferentiableType(T))
    return true;
  for (const CXXBaseSpecifier &Base : R->bases())
    if (hasDefaultedValues(Base.getType()))
      return true;
  for (const FieldDecl *F : R->fields()) {
    QualType FT = F->getType();
    if (F->hasInClassInitializer() && !FT->isPointerType() &&
        isDifferentiableType(FT) &&
        !isZeroInit(F->getInClassInitializer(), R->getASTContext()))
      return true;
    if (hasDefaultedValues(FT))
      return true;
  }
  return false;
}

bool isValueClass(const CXXRecordDecl *R) {
  if (!R || !R->hasDefinition())
    return false;
  if (R->isAggregate())
    return true;
  // (std::pair: two public members, copied and assigned member by member,
  // though its assignment operators are written out; not a pair of
  // references, std::tie's kind.)
  if (isStdPair(QualType(R->getTypeForDecl(), 0)))
    return llvm::none_of(R->fields(), [](const FieldDecl *F) {
      return F->getType()->isReferenceType();
    });
  // (std::tuple: its elements, through std::get; not std::tie's.)
  if (isStdTuple(QualType(R->getTypeForDecl(), 0)))
    return true;
  if (!R->isTriviallyCopyable() || R->isPolymorphic() || inStdNamespace(R))
    return false;
  return llvm::all_of(R->fields(), [](const FieldDecl *F) {
    return F->getAccess() == AS_public;
  });
}

bool isPlainValue(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isRealFloatingType() || isStdComplex(T))
    return true;
  if (T->isArrayType())
    return isPlainValue(QualType(T->getPointeeOrArrayElementType(), 0));
  if (isStdTuple(T))
    return llvm::all_of(tupleElementTypes(T), [](QualType E) {
      return !isDifferentiableType(E) || isPlainValue(E);
    });
  auto *R = T->getAsCXXRecordDecl();
  // (std::pair's base is empty: it only holds its assignment operators.)
  if (!R || !R->hasDefinition() || !isValueClass(R) ||
      (R->getNumBases() > 0 && !isStdPair(T)) || !isDifferentiableType(T))
    return false;
  for (const FieldDecl *F : R->fields())
    if (isDifferentiableType(F->getType()) && !isPlainValue(F->getType()))
      return false;
  return true;
}

ActivityAnalysis::ActivityAnalysis(const FunctionIR &IR,
                                   const ExprPrinter &Printer)
    : IR(IR), Printer(Printer), Varied(IR.Vars.size(), false),
      Useful(IR.Vars.size(), true) {}

void ActivityAnalysis::callInputs(const CallExpr *Call,
                                  std::vector<const Expr *> &Inputs,
                                  std::vector<const Expr *> &ByReference,
                                  const FunctionDecl **Bound) const {
  // A callable's captures are inputs of the call too, wherever the
  // callable arrives from.
  Inputs.assign(Call->arg_begin(), Call->arg_end());
  const Expr *Object = calledObject(Call);
  if (Object)
    Inputs.push_back(Object);
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    Inputs.push_back(Member->getImplicitObjectArgument());
  // (A read of a solver handle computes with the callable it was set up
  // with.)
  if (const Expr *Bound = IR.HandleCallables.lookup(Call).E)
    Inputs.push_back(Bound);
  for (size_t I = 0, N = Inputs.size(); I < N; ++I)
    if (auto R = resolveCallable(Inputs[I], IR, Printer.context())) {
      if (Bound && Inputs[I] == Object)
        *Bound = R->Function;
      for (const CalleeArg &Capture : R->Captures) {
        Inputs.push_back(Capture.E);
        // A callable may store active values in what it captures by
        // reference, unless const; a captured pointer keeps pointing where
        // it did.
        QualType Captured = Capture.ParamType.getNonReferenceType();
        bool Writable = !isImmutable(Captured) || holdsPointers(Captured);
        if (Capture.ParamType->isReferenceType() && Writable &&
            !Captured->isPointerType())
          ByReference.push_back(Capture.E);
      }
    }
}

bool ActivityAnalysis::mark(int Var) {
  if (Var < 0 || Varied[Var] || !isDifferentiableType(IR.Vars[Var].Type))
    return false;
  Varied[Var] = true;
  return true;
}

bool ActivityAnalysis::isVaried(const Expr *E) const {
  E = skipImplicit(E);
  if (!E)
    return false;
  QualType T = E->getType();
  if (!T.isNull() && !isDifferentiableType(T))
    return false;
  int Temp = Printer.tempOf(E);
  if (Temp >= 0)
    return isVaried(Temp);
  if (auto *Call = dyn_cast<CallExpr>(E);
      Call && IR.HandleAllocations.contains(Call))
    return false;
  // (`this` stands for the object: a member function's `self`.)
  if (isa<DeclRefExpr, ArraySubscriptExpr, MemberExpr, CXXThisExpr>(E))
    return isVaried(Printer.rootVar(E));
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      (Op && Op->getOperator() == OO_Subscript) || accessorObject(E) ||
      smartDereferenced(E) || smartPointerOf(E))
    return isVaried(Printer.rootVar(E));
  if (auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
    return isVaried(Printer.rootVar(E));
  if (auto *M = dyn_cast<CXXMemberCallExpr>(E)) {
    // A member call's value depends on the object and the arguments.
    if (isVaried(M->getImplicitObjectArgument()))
      return true;
  }
  for (const clang::Stmt *Child : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(Child))
      if (isVaried(CE))
        return true;
  return false;
}

bool ActivityAnalysis::visit(const Block &B) {
  bool Changed = false;
  for (const Stmt &S : B) {
    switch (S.K) {
    case Stmt::Kind::Assign: {
      int Target = S.Var >= 0 ? S.Var : Printer.rootVar(S.LValue);
      if (S.Value && isVaried(S.Value))
        Changed |= mark(Target);
      // A pointer stored in a varied pointer or struct is read through the
      // shadow: what it points to needs a shadow too, even if inactive
      // (zero), or the shadow pointer would be null.
      // (An array that decays to the pointer counts: `double *p = w`.)
      if (S.Value && Target >= 0 && Varied[Target] &&
          (S.Value->getType()->isPointerType() ||
           S.Value->getType()->isArrayType() ||
           isSmartPointer(S.Value->getType())) &&
          isDifferentiableType(S.Value->getType()))
        Changed |= mark(Printer.rootVar(S.Value));
      break;
    }
    case Stmt::Kind::Call: {
      auto *Call = cast<CallExpr>(S.Call);
      bool AnyVaried = false;
      std::vector<const Expr *> Inputs, ByReference;
      // The function a call through a pointer or a field is bound to.
      const FunctionDecl *Bound = nullptr;
      callInputs(Call, Inputs, ByReference, &Bound);
      // A member function reads its object, and a non-const one may write
      // active values into it.
      // Arguments past the object of a member operator call (a functor's
      // (), a Vec3's +=) meet the parameters one place later; the object is
      // among the arguments already.
      const Expr *Self = memberOperatorObject(Call);
      unsigned Skip = Self ? 1 : 0;
      if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
        Self = Member->getImplicitObjectArgument();
      for (const Expr *Input : Inputs)
        AnyVaried |= isVaried(Input) || (Input->getType()->isPointerType() &&
                                         isVaried(Printer.rootVar(Input)));
      for (const Expr *Captured : ByReference)
        AnyVaried |= isVaried(Printer.rootVar(Captured));
      if (!AnyVaried)
        break;
      Changed |= mark(S.Var);
      for (const Expr *Captured : ByReference)
        Changed |= mark(Printer.rootVar(Captured));
      // (A library class's member is bound to a rule, which says what it
      // writes, or refused.)
      if (auto *Method =
              dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
          Self && Method && !Method->isStatic()) {
        QualType Object = Self->getType()->isPointerType()
                              ? Self->getType()->getPointeeType()
                              : Self->getType();
        // (A const one still writes through the pointers the object holds.)
        if ((changesObject(Method) || writesThroughConst(Object)) &&
            !Printer.context().getSourceManager().isInSystemHeader(
                Method->getLocation()) &&
            isDifferentiableType(Object))
          Changed |= mark(Printer.rootVar(Self));
      }
      // The callee may write active values through its non-const pointer
      // and reference arguments.
      const FunctionDecl *FD = S.Candidate;
      if (!FD)
        FD = Call->getDirectCallee() ? Call->getDirectCallee() : Bound;
      for (unsigned I = 0;
           FD && I + Skip < Call->getNumArgs() && I < FD->getNumParams(); ++I) {
        const Expr *Arg = Call->getArg(I + Skip);
        // (A struct holding pointers, even passed by value or const, leads
        // the callee to what they point to: a view of a local. One holding
        // a std::vector<double> does not: the vector's storage is const
        // when it is.)
        QualType Param = FD->getParamDecl(I)->getType();
        if ((writesThrough(Param) || writesThroughConst(Param)) &&
            !IR.OptionArgs.contains(skipImplicit(Arg)))
          Changed |= mark(Printer.rootVar(Arg));
      }
      break;
    }
    case Stmt::Kind::If:
    case Stmt::Kind::Loop:
      Changed |= visit(S.Then);
      Changed |= visit(S.Else);
      break;
    case Stmt::Kind::Eval:
      // A copy of active memory makes its destination active.
      if (S.Memory) {
        auto M = *memoryCallOf(S.Call);
        if (M.Source && reachesVaried(M.Source))
          Changed |= mark(Printer.rootVar(M.Dest));
      }
      // Swapped containers trade their values: both vary, or neither.
      if (S.Swap) {
        auto Swap = *containerSwapOf(S.Call);
        if (isVaried(Swap.First) || isVaried(Swap.Second)) {
          Changed |= mark(Printer.rootVar(Swap.First));
          Changed |= mark(Printer.rootVar(Swap.Second));
        }
      }
      break;
    case Stmt::Kind::Raw:
      break;
    }
  }
  return Changed;
}

void ActivityAnalysis::run() {
  while (visit(IR.Body)) {
  }
  // Local references are varied if what they alias is.
  for (size_t V = 0; V < IR.Vars.size(); ++V)
    if (IR.Vars[V].AliasOf && isVaried(IR.Vars[V].AliasOf))
      Varied[V] = true;
  findUseful();
}

bool ActivityAnalysis::markUseful(int Var) {
  // (An integer read where a derivative is needed, as a condition or an
  // index, passes none on: what it was computed from stays dead.)
  if (Var < 0 || Useful[Var] ||
      IR.Vars[Var].Type->isIntegralOrEnumerationType())
    return false;
  Useful[Var] = true;
  return true;
}

bool ActivityAnalysis::markReads(const Expr *E) {
  if (!E)
    return false;
  if (int Temp = Printer.tempOf(E); Temp >= 0)
    return markUseful(Temp); // the call statement reads the rest
  bool Changed = false;
  if (auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (auto It = IR.VarOf.find(Ref->getDecl()); It != IR.VarOf.end())
      Changed |= markUseful(It->second);
  if (isa<CXXThisExpr>(E))
    Changed |= markUseful(IR.SelfVar);
  if (auto *Lambda = dyn_cast<LambdaExpr>(E)) {
    for (const Expr *Init : Lambda->capture_inits())
      Changed |= markReads(Init);
    return Changed;
  }
  for (const clang::Stmt *Child : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(Child))
      Changed |= markReads(CE);
  return Changed;
}

/// Whether a value of type T can lead a callee to memory outside it: a
/// pointer or a reference, or a struct holding one (a view, a
/// gsl_function).
static bool leadsOut(QualType T) {
  return T->isPointerType() || T->isReferenceType() ||
         anyMember(T, [](QualType F) {
           return F->isPointerType() || F->isReferenceType();
         });
}

bool ActivityAnalysis::callIsUseful(const Stmt &S) const {
  // A call made for its effects, or whose result is read.
  if (S.Var < 0 || Useful[S.Var])
    return true;
  auto *Call = cast<CallExpr>(S.Call);
  // A function of the user's that returns an integer (a status) is
  // differentiated all the same: what it stores beyond its arguments (a
  // global) is checked there, not dropped with a result nobody needs.
  if (const FunctionDecl *FD = Call->getDirectCallee();
      FD && FD->getDefinition() &&
      IR.Vars[S.Var].Type->isIntegralOrEnumerationType())
    return true;
  std::vector<const Expr *> Inputs, ByReference;
  const FunctionDecl *Bound = nullptr;
  callInputs(Call, Inputs, ByReference, &Bound);
  if (!ByReference.empty())
    return true;
  // Anything that can lead the callee to outside memory may be written
  // through (a pointer an argument, the object or a capture holds).
  for (const Expr *Input : Inputs)
    if (leadsOut(Input->getType()))
      return true;
  const Expr *Self = memberOperatorObject(Call);
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    Self = Member->getImplicitObjectArgument();
  auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (Self && (!Method || changesObject(Method)))
    return true;
  const FunctionDecl *FD = S.Candidate;
  if (!FD)
    FD = Call->getDirectCallee() ? Call->getDirectCallee() : Bound;
  if (!FD)
    return true;
  unsigned Skip = memberOperatorObject(Call) ? 1 : 0;
  for (unsigned I = 0; I + Skip < Call->getNumArgs(); ++I) {
    if (I >= FD->getNumParams())
      return true; // variadic
    if (writesThrough(FD->getParamDecl(I)->getType()))
      return true;
  }
  return false;
}

/// Whether E holds a call left as primal code (no Call statement of its
/// own) that may write through an argument: what such a call reads must
/// stay active, so that the checks of calls left as primal code see it.
static bool hasWritingCall(const Expr *E, const ExprPrinter &Printer) {
  if (!E || isa<LambdaExpr>(E))
    return false;
  if (auto *Call = dyn_cast<CallExpr>(E); Call && Printer.tempOf(Call) < 0) {
    const FunctionDecl *FD = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      // (Without a parameter to look at, as for a variadic one, the
      // argument's own type decides.)
      QualType T = FD && I < FD->getNumParams() ? FD->getParamDecl(I)->getType()
                                                : Call->getArg(I)->getType();
      if (writesThrough(T) || leadsOut(T.getNonReferenceType()))
        return true;
    }
  }
  for (const clang::Stmt *Child : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(Child);
        CE && hasWritingCall(CE, Printer))
      return true;
  return false;
}

bool ActivityAnalysis::visitUseful(const Block &B) {
  bool Changed = false;
  for (const Stmt &S : B) {
    switch (S.K) {
    case Stmt::Kind::Assign: {
      int Target = S.Var >= 0 ? S.Var : Printer.rootVar(S.LValue);
      if (Target < 0 || Useful[Target] || hasWritingCall(S.Value, Printer)) {
        Changed |= markReads(S.Value);
        Changed |= markReads(S.LValue);
      }
      break;
    }
    case Stmt::Kind::Call: {
      if (!callIsUseful(S))
        break;
      std::vector<const Expr *> Inputs, ByReference;
      callInputs(cast<CallExpr>(S.Call), Inputs, ByReference);
      for (const Expr *Input : Inputs)
        Changed |= markReads(Input);
      break;
    }
    case Stmt::Kind::If:
    case Stmt::Kind::Loop:
      if (hasWritingCall(S.CondExpr, Printer))
        Changed |= markReads(S.CondExpr);
      Changed |= visitUseful(S.Then);
      Changed |= visitUseful(S.Else);
      break;
    case Stmt::Kind::Eval:
      // Swapped containers: what is read of either was the other's.
      if (S.Swap) {
        auto Swap = *containerSwapOf(S.Call);
        int First = Printer.rootVar(Swap.First);
        int Second = Printer.rootVar(Swap.Second);
        if ((First >= 0 && Useful[First]) || (Second >= 0 && Useful[Second])) {
          Changed |= markUseful(First);
          Changed |= markUseful(Second);
        }
        break;
      }
      // Evaluated for its effects: what a call in it that may write reads
      // stays active, so that the call is checked (`(void)v;` reads none);
      // not its options, which it never differentiates (a solver's set-up
      // call and its starting bracket).
      if (hasWritingCall(S.Call, Printer)) {
        auto *Call = dyn_cast<CallExpr>(skipImplicit(S.Call));
        if (!Call) {
          Changed |= markReads(S.Call);
          break;
        }
        Changed |= markReads(Call->getCallee());
        for (const Expr *Arg : Call->arguments())
          if (!IR.OptionArgs.contains(skipImplicit(Arg)))
            Changed |= markReads(Arg);
      }
      break;
    case Stmt::Kind::Raw:
      break;
    }
  }
  return Changed;
}

/// Collects the call statements of B that callIsUseful rejects.
static void collectCalls(const Block &B, std::vector<const Stmt *> &Out) {
  for (const Stmt &S : B) {
    if (S.K == Stmt::Kind::Call)
      Out.push_back(&S);
    collectCalls(S.Then, Out);
    collectCalls(S.Else, Out);
  }
}

/// A std::vector of plain values. It owns its elements: what could share
/// them (a pointer, an iterator, a reference, a callee) reads the vector
/// where it takes them, so the vector is dead when nothing reads it.
static bool isVectorOfValues(QualType T) {
  auto *Vector = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  return Vector && Vector->isInStdNamespace() &&
         Vector->getName() == "vector" &&
         isPlainValue(Vector->getTemplateArgs()[0].getAsType());
}

void ActivityAnalysis::findUseful() {
  // Only locals and temporaries holding plain values (or vectors of them)
  // can be dead: what holds a pointer, a view or a reference leads to
  // memory the function's results may share. (A dead value's adjoint is
  // not computed: 0 times a NaN partial would poison the gradient.) An
  // integer carries no derivative, so what it is computed from is not
  // useful through it: a solver's convergence test (`status =
  // gsl_root_test_interval(lo, hi, ...)`) needs no tangent of lo and hi.
  for (size_t V = 0; V < IR.Vars.size(); ++V) {
    const Variable &Var = IR.Vars[V];
    Useful[V] =
        (Var.K != Variable::Kind::Local && Var.K != Variable::Kind::Temp) ||
        Var.isAlias() ||
        !(isPlainValue(Var.Type) || isVectorOfValues(Var.Type) ||
          Var.Type->isIntegralOrEnumerationType());
  }
  if (ResultDropped && IR.ReturnVar >= 0)
    Useful[IR.ReturnVar] = false;
  for (const Variable &Var : IR.Vars) {
    markReads(Var.AliasOf);
    markReads(Var.RangeOf);
  }
  while (visitUseful(IR.Body)) {
  }
  std::vector<const Stmt *> Calls;
  collectCalls(IR.Body, Calls);
  for (const Stmt *S : Calls)
    if (!callIsUseful(*S))
      DeadCalls.insert(S->Call);
}

} // namespace ddx
