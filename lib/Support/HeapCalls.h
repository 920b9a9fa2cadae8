//===- HeapCalls.h - allocations and deallocations --------------*- C++ -*-===//
//
// Memory a function takes from the heap (`new double[n]`, `new Vec3{...}`,
// `(double *)malloc(b)`, `calloc(n, s)`) has a shadow allocated beside it,
// zeroed, and given back where the memory is given back. The emitters
// write both from what this file recognises: which family an allocation
// belongs to (and so how its memory is freed), how big it is, and what a
// deallocation frees.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_SUPPORT_HEAPCALLS_H
#define DDX_SUPPORT_HEAPCALLS_H

#include "clang/AST/ExprCXX.h"
#include <optional>
#include <string>

namespace ddx {

class ExprPrinter;

enum class HeapFamily { New, NewArray, Malloc };

/// An allocation: the value of `p = new T[n]` or `p = (T *)malloc(b)`.
struct Allocation {
  HeapFamily Family;
  const clang::CXXNewExpr *New = nullptr; ///< new and new[]
  const clang::CallExpr *Call = nullptr;  ///< malloc and calloc
  /// The allocated element type (T of `new T[n]`, the pointee of the
  /// pointer a malloc is cast to).
  clang::QualType Element;
  /// The smart pointer that owns the memory from the start
  /// (`std::make_unique<T>(args)`, `std::shared_ptr<T>(new T)`), or null.
  /// A make function's construction is New, a node of ddx's own with the
  /// user's arguments: the memory is allocated as by `new T(args)` and
  /// handed to a smart pointer of this type.
  clang::QualType Owner;
  /// The smart pointer expression that takes the memory, under the
  /// conversions to its target (the make function's call), or null.
  const clang::Expr *Made = nullptr;
};

/// E as an allocation (seen through casts), or nothing.
std::optional<Allocation> allocationOf(const clang::Expr *E);

/// Forgets the nodes allocationOf made for the make functions of a
/// translation unit whose tree is gone.
void forgetMadeAllocations();

/// Whether T is a std::unique_ptr or a std::shared_ptr.
bool isSmartPointer(clang::QualType T);
/// What a smart pointer of type T owns, an array's element type for
/// `std::unique_ptr<T[]>`.
clang::QualType smartPointee(clang::QualType T);
/// Whether a value of type T holds a smart pointer inside it: a member (of
/// a member, of a base), an element of a container or an array.
bool holdsSmartPointer(clang::QualType T);
/// Whether E makes an empty smart pointer (`nullptr`, `{}`).
bool isNullSmartPointer(const clang::Expr *E);
/// The smart pointer whose raw pointer E is: `p` in `p.get()`, and in the
/// `p.operator->()` of `p->x`; null for any other expression.
const clang::Expr *smartPointerOf(const clang::Expr *E);
/// The smart pointer E goes through to its memory: `p` in `*p` and in
/// `p[i]`; null for any other expression.
const clang::Expr *smartDereferenced(const clang::Expr *E);

/// Whether Call calls realloc.
bool isReallocation(const clang::CallExpr *Call);

/// `delete p`, `delete[] p`, `free(p)`: what it frees, and how.
struct Deallocation {
  HeapFamily Family;
  const clang::Expr *Pointer;
};
std::optional<Deallocation> deallocationOf(const clang::Expr *E);

/// `memcpy(dst, src, n)`, `memmove(dst, src, n)`, `memset(dst, c, n)` of
/// floating-point data: the shadow is copied (or zeroed) alike.
struct MemoryCall {
  const clang::CallExpr *Call;
  bool Set; ///< memset: no Source
  const clang::Expr *Dest, *Source, *Bytes;
  /// The element types Dest and Source point to (before their conversion
  /// to void *); null where not a pointer or an array.
  clang::QualType Element, SourceElement;
};
std::optional<MemoryCall> memoryCallOf(const clang::Expr *E);

/// Whether T is a std::vector.
bool isStdVector(clang::QualType T);
/// The name of the std::vector member function Call calls, or "".
llvm::StringRef vectorMethod(const clang::CXXMemberCallExpr *Call);

/// `std::swap(a, b)` or `a.swap(b)` of two std::vector: the two containers
/// swapped (a swap is its own inverse, so reverse mode swaps them back
/// rather than saving them).
struct ContainerSwap {
  const clang::Expr *First, *Second;
};
std::optional<ContainerSwap> containerSwapOf(const clang::Expr *E);

/// Whether a new-expression's initializer gives the memory values of its
/// own (`new double(x)`, `new double[2]{a, b}`, `new Vec3{x, y, z}`), as
/// opposed to none or value initialisation (`new T[n]`, `new T()`).
bool initializesValues(const clang::CXXNewExpr *New);

/// Whether New makes one object of a class without a default constructor
/// (`new Harmonic(k)`): generated code cannot allocate it first and give it
/// its values after, so it is built by the constructor itself, the values
/// then written again with their derivatives (as for ddx::late).
bool builtByConstructor(const clang::CXXNewExpr *New);

/// The statement that gives Pointer's memory back, as Family does.
std::string freeStatement(HeapFamily Family, const std::string &Pointer);
/// The statement that keeps Pointer's memory on the tape instead, for the
/// reverse sweep (ddx::tape::keep).
std::string keepStatement(HeapFamily Family, const std::string &Pointer);

/// The allocation A made again, zeroed, for its shadow, whose pointer type
/// is ShadowPointer: `new double[n]()`, `static_cast<double *>(
/// ::std::calloc(1, b))`. ElementZero, when set, is what a zero element is
/// made from (a class whose default constructor sets values): an array of
/// such elements is made by ::ddx::new_filled.
std::string zeroedAllocation(const Allocation &A, const ExprPrinter &Printer,
                             clang::QualType ShadowPointer,
                             const std::optional<std::string> &ElementZero);

/// The new-expression New as the primal writes it; without its initializer
/// (value-initialised instead) when lowering writes the values one by one,
/// unless the object is built by its constructor.
std::string printNew(const clang::CXXNewExpr *New, const ExprPrinter &Printer,
                     bool WithInitializer);

} // namespace ddx

#endif // DDX_SUPPORT_HEAPCALLS_H
