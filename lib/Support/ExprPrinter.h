//===- ExprPrinter.h - Clang expressions back to C++ text -------*- C++ -*-===//
//
// Prints expressions of a lowered function as they must read in generated
// code: locals under their hoisted names, extracted calls as their result
// variables, members of a functor through `self`, and every non-local name
// fully qualified (generated code lives in namespace ddx_generated at the end
// of the file). shadow() prints the shadow of an lvalue or pointer expression:
// the same access path on the shadow variable.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_SUPPORT_EXPRPRINTER_H
#define DDX_SUPPORT_EXPRPRINTER_H

#include "IR/FunctionIR.h"
#include "Support/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include <functional>
#include <optional>
#include <string>

namespace ddx {

/// A call through a callable object (a functor, or a std::function or
/// function-pointer parameter the function is specialised on): the object,
/// and the named function it is bound to, if one.
struct BoundCallee {
  const clang::Expr *Object = nullptr;
  const clang::FunctionDecl *Function = nullptr;
};
/// Finds what a call through a callable object calls. The stage that binds
/// callables (Plan/CallableResolver.h, bindCallee) gives it, so that
/// printing, which every stage uses, depends on none of them.
using CalleeBinder =
    std::function<BoundCallee(const clang::CallExpr *, const FunctionIR &)>;

class ExprPrinter {
public:
  ExprPrinter(clang::ASTContext &Ctx, const FunctionIR &IR, DiagReporter &Diags,
              CalleeBinder Binder = {})
      : Ctx(Ctx), IR(IR), Diags(Diags), Binder(std::move(Binder)) {}

  std::string print(const clang::Expr *E) const;
  /// Prints a call itself, even one whose value an extracted temporary holds.
  /// Whether printing E twice evaluates the same thing twice, with no
  /// effect: any call in it is lifted into a temporary, or only names a
  /// part of its object (an accessor, a container's element access, a
  /// body `return <part>;`, a const member).
  bool reevaluable(const clang::Expr *E) const;
  /// The start of a construction's text, up to its arguments: `x = T(`,
  /// or `_late_x.build(` for a local in late storage.
  std::string constructionTarget(const clang::Expr *Object,
                                 clang::QualType T) const;
  std::string printCall(const clang::CallExpr *Call,
                        bool UseTemp = false) const;
  /// What a call calls, as generated code spells it (`ns::f`, `obj.m`).
  std::string calleeText(const clang::CallExpr *Call) const;
  /// The shadow of an lvalue or pointer-valued expression.
  std::string shadow(const clang::Expr *E) const;
  /// The shadow of a pointer-valued expression, as a value of its shadow
  /// type: a member pointing to const (`const Node *next`) is the same
  /// member of the shadow object, which is written through.
  std::string shadowPointer(const clang::Expr *E) const;
  /// Text, the shadow of a pointer of primal type T, as the shadow type.
  std::string asShadowPointer(clang::QualType T, const std::string &Text) const;
  std::string typeName(clang::QualType T) const;
  /// A declaration of Name with type T (arrays and references included).
  std::string declare(clang::QualType T, llvm::StringRef Name) const;

  static std::string shadowName(llvm::StringRef Name) {
    return "_d_" + Name.str();
  }
  /// The ddx::late storage of a local Name (see needsLateStorage).
  static std::string lateStorage(llvm::StringRef Name) {
    return "_late_" + Name.str();
  }
  /// Whether variable V lives in ddx::late storage in generated code: a
  /// local (not a parameter, not a reference standing for other storage)
  /// whose type needs it.
  bool inLateStorage(int V) const;
  const std::string &varName(int V) const { return IR.Vars[V].Name; }

  /// The variable an lvalue or pointer expression is rooted at, or -1.
  int rootVar(const clang::Expr *E) const;
  /// The value an extracted call stands for, or -1.
  int tempOf(const clang::Expr *E) const;

  clang::ASTContext &context() const { return Ctx; }

  /// How generated code names a function (qualified; with the template
  /// arguments CalleeExpr gives, if any).
  std::string calleeName(const clang::FunctionDecl *FD,
                         const clang::Expr *CalleeExpr) const;

private:
  std::string declName(const clang::DeclRefExpr *Ref) const;
  /// What a use of the local reference V stands for, Object (its bound
  /// object, or that object's Shadow) as the reference's type.
  std::string aliased(const Variable &V, const std::string &Object,
                      bool Shadow = false) const;
  std::string sourceText(const clang::Expr *E) const;
  std::string unsupported(const clang::Expr *E) const;
  /// Pointer, the raw pointer a temporary holds for E, handed to a smart
  /// pointer if E is one.
  std::string ownedBy(const clang::Expr *E, std::string Pointer) const;
  /// The shadow of the pointer the smart pointer Smart holds: `_d_p`
  /// followed by Get (to use it as a raw pointer), or a pointer to
  /// non-const for a smart pointer to const.
  std::string smartShadow(const clang::Expr *Smart, llvm::StringRef Get) const;

  clang::ASTContext &Ctx;
  const FunctionIR &IR;
  DiagReporter &Diags;
  CalleeBinder Binder;
};

/// The value of a compile-time constant expression as a C++ literal that
/// reads back exactly, or "" if E is not one.
std::string constantLiteral(const clang::Expr *E, clang::ASTContext &Ctx);

/// The type of a shadow: pointers and references to non-const.
clang::QualType shadowType(clang::ASTContext &Ctx, clang::QualType T);

/// The source of a copy or move construction (a struct copied whole), or
/// null: for shadows, roots and adjoints the copy is transparent.
const clang::Expr *copiedFrom(const clang::Expr *E);

/// The container whose elements a std container's data() points to, or
/// null: the pointer reaches the container's storage and its shadow.
/// So for an iterator into it (`v.begin()`, `std::end(a)`): its shadow is
/// the same call on the container's shadow.
const clang::Expr *storageOf(const clang::Expr *E);

/// The class of an iterator type (one with an iterator_category), or null.
const clang::CXXRecordDecl *iteratorRecord(clang::QualType T);
/// Whether T is an iterator type, which reaches memory like a pointer.
bool isIterator(clang::QualType T);
/// The iterator an iterator step starts from (`it` in `it + k`, `k + it`,
/// `it - k`), or null.
const clang::Expr *steppedIterator(const clang::Expr *E);

/// Whether FD only names part of its object (an accessor): a non-virtual
/// member of a user class returning an lvalue reference, whose body is
/// `return <path>;`, the path built from `this` by member access, `*this`,
/// subscripts of arrays and containers with indices computed from integer
/// parameters, literals and integer members, and other accessors. Called
/// on a shadow object it names the same part of the shadow, so its call is
/// an access path like `v[i]`: `_d_v.x()` is the shadow of `v.x()`.
bool isAccessor(const clang::FunctionDecl *FD);
/// Whether FD returns a part of its object as an accessor does, with any
/// indices free of side effects (`data[i * cols + j]`, which reads the
/// member `cols`): its call changes nothing, though it is not an accessor
/// (on a shadow object, the shadow's `cols` would be read).
bool returnsOwnPart(const clang::FunctionDecl *FD);
/// The object of a call of an accessor (`v` in `v[i]`, `v.x()`, `p->x()`),
/// or null.
const clang::Expr *accessorObject(const clang::Expr *E);
/// For `std::get<I>(p)` of a std::pair, std::tuple or std::array (an
/// lvalue): the part it names, as a path after the object (".first", "[2]",
/// tupleStep(I)); else none.
std::optional<std::string> elementPath(const clang::CallExpr *Call);

/// Whether a local of type T lives in ddx::late storage in generated code,
/// which declares it before it builds it: a class of the user's with no
/// default constructor that ddx cannot make from zero bytes either (not
/// trivially copyable: it holds a container, say).
bool needsLateStorage(clang::QualType T);
/// Why the derivative of a local of type T in ddx::late storage cannot be
/// made as a copy of it, as ddx makes it: the class cannot be copied, or
/// the compiler's copies would share what its destructor frees; "" when it
/// can.
std::string unsafeLateCopy(clang::QualType T);
/// Whether a local of type T lives in ddx::zeroed storage: a trivially
/// copyable class of the user's that has no default constructor and can be
/// neither copied nor moved, so that no expression makes its zero (g++'s
/// __builtin_bit_cast copies); its zero is zero bytes in place.
bool needsZeroedStorage(clang::QualType T);

/// Whether T is a std::complex.
bool isStdComplex(clang::QualType T);
/// Whether T is a std::pair.
bool isStdPair(clang::QualType T);
/// Whether T is a std::tuple of values (not std::tie's of references).
bool isStdTuple(clang::QualType T);
/// The element types of a std::tuple (of values or references).
llvm::SmallVector<clang::QualType, 4> tupleElementTypes(clang::QualType T);

/// An element of a std::pair or std::tuple: the path step that names it
/// after the object (".first", or tupleStep(I)) and its type.
struct TupleElement {
  std::string Step;
  clang::QualType Type;
};
/// The elements of a std::pair or a std::tuple of values; else none.
llvm::SmallVector<TupleElement, 4> tupleLikeElements(clang::QualType T);
/// The path step naming element I of a std::tuple, "<I>": its members are
/// private, so applyPath prints it as `std::get<I>(object)`.
std::string tupleStep(unsigned I);
/// Object followed by an element path (".x", "[2]", tupleStep(I)...), as
/// C++ text.
std::string applyPath(llvm::StringRef Object, llvm::StringRef Path);

/// The values a std::pair or std::tuple is built from (`std::pair<A, B>(a,
/// b)`, `{a, b, c}`, `std::make_pair(a, b)`, `std::make_tuple(a, b, c)`,
/// also converted to another such type), or none: lowering builds it
/// element by element from them.
llvm::SmallVector<const clang::Expr *, 4> tupleParts(const clang::Expr *E);
/// The real and imaginary parts a std::complex is built from (`{x, y}`,
/// `(x)`), or none: its derivative is built the same way from theirs.
llvm::SmallVector<const clang::Expr *, 2>
complexParts(const clang::CXXConstructExpr *Construct);

/// The one argument a construction is given (defaulted ones, such as a
/// container's allocator, aside), or null: `std::vector<double> v{a, b}`
/// is built from its initializer list, `S t(s)` from s.
const clang::Expr *soleArgument(const clang::CXXConstructExpr *Construct);
/// For a standard container made of a count and a value
/// (`std::vector<double> w(n, x)`), the value; otherwise null.
const clang::Expr *fillValue(const clang::CXXConstructExpr *Construct);

/// std::move, std::forward and std::as_const: casts of a value category,
/// through which a value's derivative passes unchanged.
bool isValueCast(const clang::CallExpr *Call);

/// Strips what never changes meaning in generated code: implicit casts,
/// parentheses' absence, temporaries and cleanups.
const clang::Expr *skipImplicit(const clang::Expr *E);
/// The variable whose storage E names or points into (`u`, `s.x`, `w[0]`,
/// `&u`, a pointer `w`), through local references; or null.
const clang::ValueDecl *storageRoot(const clang::Expr *E);

/// Whether E names D (lambda bodies included).
bool mentions(const clang::Stmt *E, const clang::ValueDecl *D);
/// How many times S names D (lambda bodies included).
unsigned countNames(const clang::Stmt *S, const clang::ValueDecl *D);
/// Whether S names V only to read it, assign it or step it, or one of its
/// elements (`v`, `v[i]` of an array): never its address, a reference
/// bound to it, or a lambda's use. Nothing else can then see or change V.
bool namedOnlyDirectly(const clang::Stmt *S, const clang::VarDecl *V);

} // namespace ddx

#endif // DDX_SUPPORT_EXPRPRINTER_H
