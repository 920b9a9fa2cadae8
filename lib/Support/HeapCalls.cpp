//===- HeapCalls.cpp ------------------------------------------------------===//
#include "Support/HeapCalls.h"
#include "Support/ExprPrinter.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/StringSwitch.h"

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

std::optional<Allocation> allocationOf(const Expr *E) {
  if (!E)
    return std::nullopt;
  // The pointer type the memory is used as: the outermost cast's.
  QualType Pointer = E->getType();
  const Expr *Inner = E->IgnoreParenCasts();
  if (auto *New = dyn_cast<CXXNewExpr>(Inner))
    return Allocation{New->isArray() ? HeapFamily::NewArray : HeapFamily::New,
                      New, nullptr, New->getAllocatedType()};
  auto *Call = dyn_cast<CallExpr>(Inner);
  unsigned ID = libraryFunction(Call);
  if (ID != Builtin::BImalloc && ID != Builtin::BIcalloc)
    return std::nullopt;
  QualType Element =
      Pointer->isPointerType() ? Pointer->getPointeeType() : QualType();
  return Allocation{HeapFamily::Malloc, nullptr, Call, Element};
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
