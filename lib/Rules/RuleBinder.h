//===- RuleBinder.h - what a call in differentiated code becomes -*- C++
//-*-===//
//
// For each call in a function being differentiated, decides how its
// derivative is computed: by a rule (a pushforward found in namespace
// ddx::rules, from the headers the TU sees), by differentiating the callee's
// definition, or not at all (a callee ddx cannot see into).
//
// Rule lookup is by name: the rule for `ns::f` is
// `ddx::rules::ns::f_pushforward` (and, optionally, `f_pullback`); the
// namespace std maps to ddx::rules itself, so `std::sin` and `::sin` share
// `ddx::rules::sin_pushforward`. The rule for a member `ns::C<A...>::m` is the
// member `m_pushforward` of `ddx::rules::ns::C<A...>`, a class (template) that
// mirrors C. The rule's own parameters say which arguments are options and
// which are callables. See docs/rules.md.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_RULES_RULEBINDER_H
#define DDX_RULES_RULEBINDER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <string>
#include <vector>

namespace ddx {

/// What a rule does with one parameter of the function it differentiates.
enum class ParamRole {
  Differentiable, ///< gets a tangent (forward) and an adjoint (reverse)
  Option,         ///< DDX_OPTION: never differentiated
  Callable,       ///< DDX_CALLABLE: receives a generated callable object
  /// A pointer to a floating-point value the function writes (GSL's
  /// `double *result`): its tangent and adjoint slots are pointers to the
  /// shadow of what it points to.
  Output,
  /// DDX_RANGE: an iterator or pointer to the first or past-the-end element
  /// of a range the function reads; its tangent and adjoint slots are the
  /// same position in the shadow of the range.
  Range,
  /// DDX_OUTPUT_RANGE: a range the function writes (and may read, in
  /// place); slots as for a Range.
  OutputRange,
  /// DDX_HANDLE: a solver handle (a gsl_root_fsolver *), never
  /// differentiated; the callable it was set up with is bound statically
  /// (Rules/HandleBindings.h).
  Handle
};

/// Whether a parameter of this role has a tangent (forward) and an adjoint
/// (reverse) slot in the rule.
inline bool hasSlot(ParamRole R) {
  return R != ParamRole::Option && R != ParamRole::Callable &&
         R != ParamRole::Handle;
}

struct CallBinding {
  enum class Kind {
    Rule,         ///< a pushforward rule exists
    UserFunction, ///< a free function whose definition ddx can differentiate
    Method,       ///< a member function call (not differentiated yet)
    Opaque,       ///< no rule and no definition
    /// A set-up call that gives a solver handle its callable (a `_binds`
    /// declaration among the rules: gsl_root_fsolver_set). It stays the
    /// primal call; the rules of the calls that read the handle get the
    /// callable (Rules/HandleBindings.h).
    Binder
  };
  Kind K = Kind::Opaque;
  std::string Pushforward; ///< qualified rule name for Kind::Rule
  std::string Pullback;    ///< qualified name of the pullback, if any
  /// Qualified name of the rule's forward sweep, if any: it returns the
  /// value with a record (ddx::recorded), which the pullback takes first.
  std::string Forward;
  /// Qualified name of the rule's `_written` function, if any: given the
  /// call's arguments, how many elements the call writes from its first
  /// output range on (so reverse mode can record them where the range is
  /// not a container ddx can name).
  std::string Written;
  const clang::FunctionDecl *Callee = nullptr;
  /// For a rule: one role per parameter of the callee.
  std::vector<ParamRole> Roles;
  /// The pushforward returns ddx::dual (value and tangent), not a tangent.
  bool ReturnsDual = false;
  /// A rule for a non-static member: the object is the first argument.
  bool OnObject = false;
  /// Such a rule takes the object's tangent (adjoint) too, before the
  /// arguments' (the object carries derivatives: a std::complex).
  bool ObjectTangent = false;
  /// Per parameter of the callee: a callable parameter marked DDX_IN_ORDER,
  /// which the rule calls as often and in the order the library does (a
  /// for_each's function, an ODE solver's observer), so that it may write
  /// what it captures. The rule may call other callables more often (a
  /// root's derivative at the root it found), and such writes would be
  /// repeated.
  std::vector<bool> InOrder;
  /// The rule reads a solver handle (its Handle parameter) and takes the
  /// callable bound to it first, before the function's parameters.
  bool Bound = false;
  /// For a binder whose callable parameter is DDX_CALLABLE_FIELD(name):
  /// the field of the struct it receives that holds the function.
  std::string CallableField;
  /// A binder declared DDX_HANDLE itself: the handle is what the call
  /// returns (gsl_odeiv2_driver_alloc_y_new), not one of its arguments.
  bool ReturnsHandle = false;
  /// For a binder: per parameter, the variables a DDX_ONE_OF option must
  /// name at the call, space-separated ("" where any value will do).
  std::vector<std::string> OneOf;

  /// The index of the first parameter of role R (a read's Handle, a
  /// binder's Callable), or -1.
  int roleIndex(ParamRole R) const {
    for (unsigned I = 0; I < Roles.size(); ++I)
      if (Roles[I] == R)
        return I;
    return -1;
  }

  /// Whether the function writes through a parameter (its rule then does
  /// the primal's work).
  bool hasOutputs() const {
    for (ParamRole R : Roles)
      if (R == ParamRole::Output || R == ParamRole::OutputRange)
        return true;
    return false;
  }

  /// A rule call that generated code makes as a statement of its own: it
  /// takes callables, computes the value itself, or has a pullback.
  bool isStatementRule() const {
    if (K != Kind::Rule)
      return false;
    for (ParamRole R : Roles)
      if (R != ParamRole::Differentiable)
        return true;
    return ReturnsDual || !Pullback.empty() || OnObject;
  }
};

/// Whether D carries __attribute__((annotate(What))), as DDX_OPTION and
/// DDX_CALLABLE put on parameters.
bool hasAnnotation(const clang::Decl *D, llvm::StringRef What);
/// The rest of D's annotation that starts with Prefix, or "".
llvm::StringRef annotationAfter(const clang::Decl *D, llvm::StringRef Prefix);

class RuleBinder {
public:
  explicit RuleBinder(clang::ASTContext &Ctx);
  CallBinding bind(const clang::CallExpr *Call) const;
  clang::ASTContext &context() const { return Ctx; }

private:
  const clang::NamespaceDecl *rulesNamespaceFor(const clang::DeclContext *DC,
                                                std::string &Qualified) const;
  /// The scope that holds a rule for FD (a namespace, or the mirror class of
  /// a member's class), its qualified spelling in Qualified.
  const clang::DeclContext *ruleScopeFor(const clang::FunctionDecl *FD,
                                         std::string &Qualified) const;
  bool bindRule(const clang::FunctionDecl *FD, CallBinding &B) const;
  /// Binds FD as a set-up call (Kind::Binder) if one of Found (its `_binds`
  /// declarations) fits.
  bool bindBinder(const clang::FunctionDecl *FD,
                  const clang::DeclContextLookupResult &Found,
                  CallBinding &B) const;

  clang::ASTContext &Ctx;
  const clang::NamespaceDecl *RulesRoot = nullptr;
};

} // namespace ddx

#endif // DDX_RULES_RULEBINDER_H
