//===- Overriders.h - the functions a virtual call may reach ---*- C++ -*-===//
//
// A virtual call is bound statically in generated code: where the object's
// class is certain from the text (an object, not a reference or pointer;
// a final class or function), to that class's overrider; otherwise to a
// dispatch over the dynamic types the translation unit defines, each
// branch calling one overrider's derivative directly.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_RULES_OVERRIDERS_H
#define DDX_RULES_OVERRIDERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include <optional>
#include <vector>

namespace ddx {

/// A concrete class a virtual call's object may have, and the function the
/// call reaches for an object of that class.
struct OverriderCase {
  const clang::CXXRecordDecl *Class = nullptr;
  const clang::CXXMethodDecl *Overrider = nullptr;
};

/// The classes of a translation unit, indexed once, for the virtual calls
/// of every function ddx lowers in it.
class OverriderIndex {
public:
  explicit OverriderIndex(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The object of a call dispatched at run time: a virtual member function
  /// called, without qualification, on a reference or pointer whose class
  /// is not final. Null for any other call.
  static const clang::Expr *dispatchedObject(const clang::CallExpr *Call);

  /// For such a call: one case per concrete class derived from (or equal
  /// to) the object's static class, defined in this translation unit, in
  /// source order.
  std::vector<OverriderCase> cases(const clang::CallExpr *Call);
  /// The class of the object a local reference is bound to, when the text
  /// says it (`const Shape &s = d;` with `Disc d;`), else null: a dispatch
  /// on it has the one case.
  static const clang::CXXRecordDecl *knownClass(const clang::Expr *Object);

private:
  clang::ASTContext &Ctx;
  std::optional<std::vector<const clang::CXXRecordDecl *>> Classes;
};

} // namespace ddx

#endif // DDX_RULES_OVERRIDERS_H
