//===- HeapCalls.cpp ------------------------------------------------------===//
#include "Support/HeapCalls.h"
#include "Support/ExprPrinter.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <functional>

using namespace clang;

namespace ddx {

/// The C library function Call calls (malloc, calloc, free, ...): its
/// builtin ID, or 0. (`std::malloc` is the same declaration.) Under
/// -fno-builtin the library's declarations are found by name.
static unsigned libraryFunction(const CallExpr *Call) {
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD)
    return 0;
  if (unsigned ID = FD->getBuiltinID())
    return ID;
  if (!FD->isExternC() || !FD->getIdentifier())
    return 0;
  return llvm::StringSwitch<unsigned>(FD->getName())
      .Case("malloc", Builtin::BImalloc)
      .Case("calloc", Builtin::BIcalloc)
      .Case("realloc", Builtin::BIrealloc)
      .Case("free", Builtin::BIfree)
      .Case("memcpy", Builtin::BImemcpy)
      .Case("memmove", Builtin::BImemmove)
      .Case("memset", Builtin::BImemset)
      .Default(0);
}

bool isSmartPointer(QualType T) {
  auto *Record =
      T.isNull() ? nullptr : T.getNonReferenceType()->getAsCXXRecordDecl();
  return Record && Record->isInStdNamespace() && Record->getIdentifier() &&
         (Record->getName() == "unique_ptr" ||
          Record->getName() == "shared_ptr");
}

QualType smartPointee(QualType T) {
  auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() == 0)
    return QualType();
  QualType Owned = Spec->getTemplateArgs()[0].getAsType();
  return Owned->isArrayType()
             ? QualType(Owned->getArrayElementTypeNoTypeQual(), 0)
             : Owned;
}

static bool holdsSmartPointer(QualType T, unsigned Depth) {
  const Type *Element = T->getBaseElementTypeUnsafe();
  auto *Record = Element->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition() || Depth > 8)
    return false;
  if (isSmartPointer(QualType(Element, 0)))
    return Depth > 0 || T->isArrayType();
  if (auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Record);
      Spec && Record->isInStdNamespace())
    return llvm::any_of(Spec->getTemplateArgs().asArray(),
                        [&](const TemplateArgument &A) {
                          return A.getKind() == TemplateArgument::Type &&
                                 holdsSmartPointer(A.getAsType(), Depth + 1);
                        });
  // (A library's class keeps its smart pointers to itself: a Boost
  // integrator's tables, which never hold active data.)
  if (Record->getASTContext().getSourceManager().isInSystemHeader(
          Record->getLocation()))
    return false;
  for (const CXXBaseSpecifier &Base : Record->bases())
    if (holdsSmartPointer(Base.getType(), Depth + 1))
      return true;
  return llvm::any_of(Record->fields(), [&](const FieldDecl *F) {
    return holdsSmartPointer(F->getType(), Depth + 1);
  });
}

bool holdsSmartPointer(QualType T) {
  return holdsSmartPointer(T.getNonReferenceType(), 0);
}

bool isNullSmartPointer(const Expr *E) {
  auto *Construct = dyn_cast_or_null<CXXConstructExpr>(skipImplicit(E));
  if (auto *List = dyn_cast_or_null<InitListExpr>(skipImplicit(E)))
    return List->getNumInits() == 0;
  return Construct && isSmartPointer(Construct->getType()) &&
         (Construct->getNumArgs() == 0 ||
          (Construct->getNumArgs() == 1 &&
           Construct->getArg(0)->getType()->isNullPtrType()));
}

/// The smart pointer an operator or member call is called on, through
/// the conversion to the library's base class that declares it
/// (`std::__shared_ptr_access`).
static const Expr *smartObject(const Expr *Object) {
  Object = skipImplicit(Object);
  return Object && isSmartPointer(Object->getType()) ? Object : nullptr;
}

const Expr *smartPointerOf(const Expr *E) {
  E = skipImplicit(E);
  if (auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Arrow && Op->getNumArgs() == 1)
    return smartObject(Op->getArg(0));
  auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(E);
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  if (Method && Call->getNumArgs() == 0 && Method->getIdentifier() &&
      Method->getName() == "get")
    return smartObject(Call->getImplicitObjectArgument());
  return nullptr;
}

const Expr *smartDereferenced(const Expr *E) {
  auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(skipImplicit(E));
  if (!Op)
    return nullptr;
  if ((Op->getOperator() == OO_Star && Op->getNumArgs() == 1) ||
      (Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2))
    return smartObject(Op->getArg(0));
  return nullptr;
}

/// The new-expression making an object of type T in FD's body or in a
/// function or constructor it calls (make_shared reaches it through
/// allocate_shared and the allocator's construct).
static const CXXNewExpr *newIn(const FunctionDecl *FD, QualType T,
                               unsigned Depth,
                               llvm::SmallPtrSetImpl<const Decl *> &Seen) {
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  if (!Def || Depth > 12 || !Seen.insert(Def).second)
    return nullptr;
  const CXXNewExpr *Found = nullptr;
  std::function<void(const clang::Stmt *)> Visit = [&](const clang::Stmt *S) {
    if (!S || Found)
      return;
    if (auto *New = dyn_cast<CXXNewExpr>(S);
        New &&
        New->getAllocatedType().getCanonicalType().getUnqualifiedType() ==
            T.getCanonicalType().getUnqualifiedType()) {
      Found = New;
      return;
    }
    if (auto *Call = dyn_cast<CallExpr>(S))
      Found = newIn(Call->getDirectCallee(), T, Depth + 1, Seen);
    if (auto *Construct = dyn_cast<CXXConstructExpr>(S))
      Found = newIn(Construct->getConstructor(), T, Depth + 1, Seen);
    for (const clang::Stmt *Child : S->children())
      Visit(Child);
  };
  if (auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      Visit(Init->getInit());
  Visit(Def->getBody());
  return Found;
}

/// Library's Arg, a forwarded parameter of a make function under implicit
/// conversions, with the user's argument in its place.
static Expr *withArgument(ASTContext &Ctx, Expr *Arg, Expr *User) {
  if (auto *Cast = dyn_cast<ImplicitCastExpr>(Arg);
      Cast && Cast->getCastKind() != CK_NoOp &&
      Cast->getCastKind() != CK_LValueToRValue)
    return ImplicitCastExpr::Create(Ctx, Cast->getType(), Cast->getCastKind(),
                                    withArgument(Ctx, Cast->getSubExpr(), User),
                                    nullptr, Cast->getValueKind(),
                                    FPOptionsOverride());
  return User;
}

static llvm::DenseMap<const CallExpr *, const CXXNewExpr *> &madeNews() {
  static llvm::DenseMap<const CallExpr *, const CXXNewExpr *> Made;
  return Made;
}

void forgetMadeAllocations() { madeNews().clear(); }

/// `std::make_unique<T>(args)`, `std::make_shared<T>(args)` and
/// `std::make_unique<T[]>(n)` as the new-expression they amount to, with
/// the user's arguments; null for another call or an unknown form.
static const CXXNewExpr *madeAllocation(const CallExpr *Call) {
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
      (FD->getName() != "make_unique" && FD->getName() != "make_shared") ||
      !isSmartPointer(Call->getType()))
    return nullptr;
  auto Cached = madeNews().find(Call);
  if (Cached != madeNews().end())
    return Cached->second;
  const CXXNewExpr *&Made = madeNews()[Call];
  QualType T = smartPointee(Call->getType());
  bool Array = cast<ClassTemplateSpecializationDecl>(
                   Call->getType()->getAsCXXRecordDecl())
                   ->getTemplateArgs()[0]
                   .getAsType()
                   ->isArrayType();
  llvm::SmallPtrSet<const Decl *, 16> Seen;
  const CXXNewExpr *Library = newIn(FD, T, 0, Seen);
  if (!Library || Library->isArray() != Array)
    return nullptr;
  ASTContext &Ctx = FD->getASTContext();
  llvm::SmallVector<Expr *, 4> User;
  for (const Expr *Arg : Call->arguments())
    User.push_back(const_cast<Expr *>(Arg));
  std::optional<Expr *> Size;
  auto *Init = const_cast<Expr *>(Library->getInitializer());
  if (Array) {
    // (make_unique<T[]>(n): n elements, value-initialised.)
    if (User.size() != 1)
      return nullptr;
    Size = User[0];
  } else if (auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init)) {
    llvm::SmallVector<Expr *, 4> Args;
    for (unsigned I = 0; I < Construct->getNumArgs(); ++I) {
      Expr *Arg = Construct->getArg(I);
      if (I >= User.size() && !isa<CXXDefaultArgExpr>(Arg))
        return nullptr;
      Args.push_back(I < User.size() ? withArgument(Ctx, Arg, User[I]) : Arg);
    }
    if (User.size() > Construct->getNumArgs())
      return nullptr;
    Init = CXXConstructExpr::Create(
        Ctx, Construct->getType(), Call->getBeginLoc(),
        Construct->getConstructor(), false, Args,
        Construct->hadMultipleCandidates(), Construct->isListInitialization(),
        Construct->isStdInitListInitialization(),
        Construct->requiresZeroInitialization(),
        Construct->getConstructionKind(), Call->getSourceRange());
  } else if (User.size() == 1 && Init && !isa<InitListExpr>(Init)) {
    Init = withArgument(Ctx, Init, User[0]);
  } else if (!User.empty()) {
    return nullptr;
  }
  // (Memory for a smart pointer to const is allocated writable: its values
  // are written after, the pointer then made to const.)
  T = T.getUnqualifiedType();
  Made = CXXNewExpr::Create(
      Ctx, false, Library->getOperatorNew(), Library->getOperatorDelete(),
      Library->passAlignment(), Library->doesUsualArrayDeleteWantSize(), {},
      SourceRange(), Size, Library->getInitializationStyle(), Init,
      Ctx.getPointerType(T), Ctx.getTrivialTypeSourceInfo(T),
      Call->getSourceRange(), Call->getSourceRange());
  return Made;
}

std::optional<Allocation> allocationOf(const Expr *E) {
  if (!E)
    return std::nullopt;
  // A smart pointer that takes the memory from the start: made by a make
  // function, or given a new-expression (converted to a smart pointer to
  // a base on the way).
  if (isSmartPointer(E->getType())) {
    const Expr *Inner = skipImplicit(E);
    if (auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Inner))
      Inner = skipImplicit(Cast->getSubExpr());
    auto *Construct = dyn_cast<CXXConstructExpr>(Inner);
    if (Construct && Construct->getNumArgs() == 1) {
      const Expr *Arg = skipImplicit(Construct->getArg(0));
      if (isSmartPointer(Arg->getType()))
        return allocationOf(Arg);
      if (auto *New = dyn_cast<CXXNewExpr>(Arg)) {
        std::optional<Allocation> A = allocationOf(New);
        A->Owner = E->getType().getNonReferenceType().getUnqualifiedType();
        A->Made = Inner;
        return A;
      }
    }
    const CXXNewExpr *Made = madeAllocation(dyn_cast<CallExpr>(Inner));
    if (!Made)
      return std::nullopt;
    std::optional<Allocation> A = allocationOf(Made);
    A->Owner = Inner->getType().getUnqualifiedType();
    A->Made = Inner;
    return A;
  }
  // The pointer type the memory is used as: the outermost cast's.
  QualType Pointer = E->getType();
  const Expr *Inner = E->IgnoreParenCasts();
  if (auto *New = dyn_cast<CXXNewExpr>(Inner))
    return Allocation{New->isArray() ? HeapFamily::NewArray : HeapFamily::New,
                      New, nullptr, New->getAllocatedType(), QualType()};
  auto *Call = dyn_cast<CallExpr>(Inner);
  unsigned ID = libraryFunction(Call);
  if (ID != Builtin::BImalloc && ID != Builtin::BIcalloc)
    return std::nullopt;
  QualType Element =
      Pointer->isPointerType() ? Pointer->getPointeeType() : QualType();
  return Allocation{HeapFamily::Malloc, nullptr, Call, Element, QualType()};
}

/// What a pointer or an array of type T holds, or null.
static QualType pointedElement(QualType T) {
  if (!T->isPointerType() && !T->isArrayType())
    return QualType();
  return QualType(T->getPointeeOrArrayElementType(), 0);
}

std::optional<MemoryCall> memoryCallOf(const Expr *E) {
  auto *Call = dyn_cast<CallExpr>(E->IgnoreParens());
  unsigned ID = libraryFunction(Call);
  if ((ID != Builtin::BImemcpy && ID != Builtin::BImemmove &&
       ID != Builtin::BImemset) ||
      Call->getNumArgs() != 3)
    return std::nullopt;
  const Expr *Dest = Call->getArg(0)->IgnoreParenCasts();
  bool Set = ID == Builtin::BImemset;
  const Expr *Source = Set ? nullptr : Call->getArg(1)->IgnoreParenCasts();
  return MemoryCall{Call,
                    Set,
                    Dest,
                    Source,
                    Call->getArg(2),
                    pointedElement(Dest->getType()),
                    Source ? pointedElement(Source->getType()) : QualType()};
}

bool isReallocation(const CallExpr *Call) {
  return libraryFunction(Call) == Builtin::BIrealloc;
}

std::optional<Deallocation> deallocationOf(const Expr *E) {
  E = E->IgnoreParens();
  if (auto *Delete = dyn_cast<CXXDeleteExpr>(E))
    return Deallocation{Delete->isArrayForm() ? HeapFamily::NewArray
                                              : HeapFamily::New,
                        Delete->getArgument()->IgnoreParenImpCasts()};
  auto *Call = dyn_cast<CallExpr>(E);
  if (libraryFunction(Call) == Builtin::BIfree && Call->getNumArgs() == 1)
    return Deallocation{HeapFamily::Malloc,
                        Call->getArg(0)->IgnoreParenImpCasts()};
  return std::nullopt;
}

/// Whether T is a std::vector.
bool isStdVector(QualType T) {
  auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  return Record && Record->isInStdNamespace() && Record->getIdentifier() &&
         Record->getName() == "vector";
}

llvm::StringRef vectorMethod(const CXXMemberCallExpr *Call) {
  const CXXMethodDecl *Method = Call->getMethodDecl();
  const IdentifierInfo *Class =
      Method ? Method->getParent()->getIdentifier() : nullptr;
  if (!Class || Class->getName() != "vector" ||
      !Method->getParent()->isInStdNamespace() || !Method->getIdentifier())
    return "";
  return Method->getName();
}

std::optional<ContainerSwap> containerSwapOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(E)) {
    if (vectorMethod(Member) == "swap" && Member->getNumArgs() == 1)
      return ContainerSwap{Member->getImplicitObjectArgument(),
                           Member->getArg(0)};
    return std::nullopt;
  }
  auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
      FD->getName() != "swap" || Call->getNumArgs() != 2 ||
      !isStdVector(Call->getArg(0)->getType()) ||
      !isStdVector(Call->getArg(1)->getType()))
    return std::nullopt;
  return ContainerSwap{Call->getArg(0), Call->getArg(1)};
}

bool initializesValues(const CXXNewExpr *New) {
  const Expr *Init = New->getInitializer();
  if (!Init || isa<ImplicitValueInitExpr>(Init))
    return false;
  if (auto *List = dyn_cast<InitListExpr>(Init))
    return List->getNumInits() > 0;
  if (auto *Construct = dyn_cast<CXXConstructExpr>(Init))
    return Construct->getNumArgs() > 0;
  return true;
}

bool builtByConstructor(const CXXNewExpr *New) {
  const CXXRecordDecl *Class = New->getAllocatedType()->getAsCXXRecordDecl();
  return !New->isArray() && Class && Class->hasDefinition() &&
         !Class->hasDefaultConstructor() &&
         isa_and_nonnull<CXXConstructExpr>(New->getInitializer());
}

std::string freeStatement(HeapFamily Family, const std::string &Pointer) {
  switch (Family) {
  case HeapFamily::New:
    return "delete " + Pointer + ";";
  case HeapFamily::NewArray:
    return "delete[] " + Pointer + ";";
  case HeapFamily::Malloc:
    return "::std::free(" + Pointer + ");";
  }
  return "";
}

std::string keepStatement(HeapFamily Family, const std::string &Pointer) {
  const char *Name = "";
  switch (Family) {
  case HeapFamily::New:
    Name = "object";
    break;
  case HeapFamily::NewArray:
    Name = "array";
    break;
  case HeapFamily::Malloc:
    Name = "malloc";
    break;
  }
  return "_tape.keep<::ddx::heap_family::" + std::string(Name) + ">(" +
         Pointer + ");";
}

std::string printNew(const CXXNewExpr *New, const ExprPrinter &Printer,
                     bool WithInitializer) {
  std::string Text =
      std::string(New->isGlobalNew() ? "::new " : "new ") +
      Printer.typeName(New->getAllocatedType().getUnqualifiedType());
  if (New->isArray())
    Text += "[" + Printer.print(*New->getArraySize()) + "]";
  const Expr *Init = New->getInitializer();
  if (!Init)
    return Text;
  if ((!WithInitializer && !builtByConstructor(New)) || !initializesValues(New))
    return Text + "()";
  // (Of zero bytes, a class whose constructors all take arguments needs
  // none: the constructor, whose derivative gives the values after, runs
  // once. Another such class is built by it, and then by late storage,
  // which refuses a constructor with effects outside the object.)
  QualType T = New->getAllocatedType();
  if (!WithInitializer && T.isTriviallyCopyableType(Printer.context()))
    return Text + "(::ddx::zero<" + Printer.typeName(T.getUnqualifiedType()) +
           ">())";
  if (auto *Construct = dyn_cast<CXXConstructExpr>(Init)) {
    std::string Args;
    for (unsigned I = 0; I < Construct->getNumArgs(); ++I)
      Args += (I ? ", " : "") + Printer.print(Construct->getArg(I));
    return Text + (Construct->isListInitialization() ? "{" + Args + "}"
                                                     : "(" + Args + ")");
  }
  if (isa<InitListExpr>(Init))
    return Text + Printer.print(Init);
  return Text + "(" + Printer.print(Init) + ")";
}

std::string zeroedAllocation(const Allocation &A, const ExprPrinter &Printer,
                             QualType ShadowPointer,
                             const std::optional<std::string> &ElementZero) {
  if (A.New) {
    std::string Type =
        Printer.typeName(A.New->getAllocatedType().getUnqualifiedType());
    if (!A.New->isArray())
      return "new " + Type + "(" + ElementZero.value_or("") + ")";
    std::string Size = Printer.print(*A.New->getArraySize());
    return ElementZero ? "::ddx::new_filled<" + Type + ">(" + Size + ", " +
                             *ElementZero + ")"
                       : "new " + Type + "[" + Size + "]()";
  }
  // Zero bytes are a zero of any floating-point type.
  std::string Zeroed =
      libraryFunction(A.Call) == Builtin::BIcalloc
          ? "::std::calloc(" + Printer.print(A.Call->getArg(0)) + ", " +
                Printer.print(A.Call->getArg(1)) + ")"
          : "::std::calloc(1, " + Printer.print(A.Call->getArg(0)) + ")";
  return "static_cast<" + Printer.typeName(ShadowPointer) + ">(" + Zeroed + ")";
}

} // namespace ddx
