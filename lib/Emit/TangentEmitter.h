//===- TangentEmitter.h - forward-mode statements ---------------*- C++ -*-===//
//
// Emits the body of a tangent (forward-mode) function: each statement is
// preceded by the statement that updates the tangents it changes.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_EMIT_TANGENTEMITTER_H
#define DDX_EMIT_TANGENTEMITTER_H

#include "Emit/EmitContext.h"
#include <optional>

namespace ddx {

class TangentEmitter {
public:
  explicit TangentEmitter(EmitContext &C) : C(C) {}

  void emit(const Block &B, Lines &Out);
  /// The tangent of E, or nothing when it is zero.
  std::optional<std::string> tangent(const clang::Expr *E);

private:
  void emitAssign(const Stmt &S, Lines &Out);
  /// The shadow's copy or clearing before a Memory statement's call.
  void emitMemoryCall(const Stmt &S, Lines &Out);
  void emitCall(const Stmt &S, Lines &Out);
  std::optional<std::string> ruleTangent(const clang::CallExpr *Call,
                                         const std::string &Rule);
  /// The tangent of a product whose distinct factors are Factors (see
  /// repeatedPowers).
  std::optional<std::string> tangentOfPowers(llvm::ArrayRef<Power> Factors);

  EmitContext &C;
};

/// The primal target of an assignment, and its shadow.
std::string targetText(const EmitContext &C, const Stmt &S);
std::string targetShadow(const EmitContext &C, const Stmt &S);
/// The shadow a varied pointer target gets from an inactive value: null for
/// a null pointer; for a pointer to memory that has no shadow (a global,
/// an input passed without one) an error, since reading the target's
/// shadow would then dereference null.
std::string inactivePointerShadow(EmitContext &C, const Stmt &S);
/// The shadow a smart pointer takes with the value S gives it: the value's
/// shadow, or none for an empty one (refused for memory without a shadow).
std::string smartShadow(EmitContext &C, const Stmt &S);
bool targetVaried(const EmitContext &C, const Stmt &S);
/// For a Grow statement (`v.push_back(x)`): the zero of the element type,
/// and the statements that append Element to the container's shadow after
/// padding it to the container's size (a shadow made empty, for an input
/// that carries no derivative, takes the container's shape).
std::string growthZero(const EmitContext &C, const Stmt &S);
/// A Reshape statement's primal (`w.resize(n);`, `w.clear();`), and the
/// statement giving its shadow the container's size, new elements zero.
std::string primalReshape(const EmitContext &C, const Stmt &S);
std::string reshapedShadow(const EmitContext &C, const Stmt &S);
/// For a Reshape statement of a member call (pop_back, erase, insert,
/// assign): the method's name, and the same call on the container's shadow
/// with Element for the element it puts in (`_d_w.erase(_d_w.begin() +
/// k);`, `_d_w.insert(_d_w.begin(), 0.0);`); pop_back's shadow is resized.
llvm::StringRef shapeMethod(const Stmt &S);
std::string shadowShapeCall(EmitContext &C, const Stmt &S,
                            const std::string &Element);
/// The zero of a container target's elements.
std::string elementZero(const EmitContext &C, const Stmt &S);
/// The container a Grow or Reshape statement changes (`s.w` for the path
/// `.w.back()` or `.w`), and its shadow.
std::pair<std::string, std::string> shapedContainer(const EmitContext &C,
                                                    const Stmt &S);
/// The shadow of a pointer a Grow statement appends: the shadow of what it
/// points to (`&_d_u` for `&u`).
std::string grownPointerShadow(EmitContext &C, const Stmt &S);
/// An Allocate statement's primal assignment. (Its new-expression may stand
/// for the pointer it is allocated into in later statements: printed here
/// as itself.)
std::string primalAllocation(const EmitContext &C, const Stmt &S);
/// The zeroed memory the shadow of an Allocate statement's target gets.
std::string shadowAllocation(const EmitContext &C, const Stmt &S);
/// An Allocate statement's primal assignment and, when its target is
/// Varied, its shadow's, in the order they run.
Lines allocationWithShadow(const EmitContext &C, const Stmt &S, bool Varied);
/// For a Memory statement whose destination has a derivative: the shadow
/// statement (the same copy of the shadows, or zero bytes), with Bytes the
/// size as printed; in reverse mode (Adjoint), the adjoint step.
std::string shadowMemoryCall(const EmitContext &C, const MemoryCall &M,
                             const std::string &Bytes, bool Adjoint);
/// A Free statement's deallocation of the shadow (of Pointer, or of the
/// shadow of what the statement frees).
std::string shadowFree(const EmitContext &C, const Stmt &S);

std::string shadowGrowth(const EmitContext &C, const Stmt &S,
                         const std::string &Element);
clang::QualType targetType(const EmitContext &C, const Stmt &S);
/// The statement swapping the shadows of a Swap statement's containers, or
/// nothing when they have none.
std::optional<std::string> shadowSwap(const EmitContext &C, const Stmt &S);
/// A class with elements but not an aggregate (std::vector).
bool isContainer(clang::QualType T);
/// The element type of a container that has a size (std::vector<T>: T), or
/// a null type (std::pair and std::complex have none).
clang::QualType containerElement(clang::QualType T);
/// Whether T is a class that has no zero of its own to start from: its
/// constructors all take arguments, and it cannot be made of zero bytes.
/// (needsLateStorage, also for a library class: a std::pair of such.)
bool lacksZero(clang::QualType T);
/// The zero of T spelled out, where `{}` is not one (a struct whose members
/// have default values, see hasDefaultedValues): `::ddx::zero<T>()`; for a
/// class that lacksZero, a zeroed copy of Like, a value of type T, when
/// given (`::ddx::zero_like(q)`).
std::optional<std::string> explicitZero(const ExprPrinter &Printer,
                                        clang::QualType T,
                                        llvm::StringRef Like = "");
/// For a class ddx cannot clear byte by byte (one with virtual functions,
/// or holding a container, beside members with default values): the
/// statements that clear Object's derivatives member by member, or none
/// when a member cannot be reached (private) or cleared.
std::optional<std::vector<std::string>>
memberwiseZero(const ExprPrinter &Printer, clang::QualType T,
               const std::string &Object);
/// The declaration of Name, a T that starts at zero: `T Name{};`, or where
/// `{}` is not zero (or no constructor at all), `T Name =
/// ::ddx::zero<T>();` (an array: `{}` then `::ddx::set_zero(Name);`).
std::string declareZero(const ExprPrinter &Printer, clang::QualType T,
                        llvm::StringRef Name);
/// Whether ddx::tape can record a value of type T: a trivially copyable
/// one, or a std::vector of them (its elements and its size), or a copy of
/// an object it can put back (Built: one already built, such as a
/// parameter, of a class without a default constructor).
bool isTapeable(clang::QualType T, const clang::ASTContext &Ctx,
                bool Built = false);
/// The primal statement of an assignment.
std::string primalAssign(const EmitContext &C, const Stmt &S);
/// A whole local in late storage (needsLateStorage) that S assigns: the
/// storage's name, whose assign() builds it the first time.
std::optional<std::string> lateTarget(const EmitContext &C, const Stmt &S);
/// The statements that make the shadow of S's target (of type T) a copy of
/// the target with every member zero, so that containers inside have the
/// target's shapes; nullopt where a member cannot be named.
std::optional<Lines> zeroedCopy(const EmitContext &C, const Stmt &S,
                                clang::QualType T);
/// Refuses a whole copy of a T holding a container whose zeroed copy
/// cannot be written (see zeroedCopy).
void reportUnshapedCopy(EmitContext &C, const Stmt &S, clang::QualType T);

} // namespace ddx

#endif // DDX_EMIT_TANGENTEMITTER_H
