//===- CallableResolver.h - the concrete callable behind an argument -*- C++
//-*-===//
//
// Follows an expression that denotes a callable to what the program text
// says it is: a named function (also through a function pointer initialised
// once), or a lambda (written in place, held in a local variable, converted
// to std::function, or arriving through a parameter this clone is
// specialised on). The lambda's captures come with it, as expressions of the
// function being differentiated.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_PLAN_CALLABLERESOLVER_H
#define DDX_PLAN_CALLABLERESOLVER_H

#include "IR/FunctionIR.h"
#include "Support/Diagnostics.h"
#include "Support/ExprPrinter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <vector>

namespace ddx {

struct CalleeArg {
  const clang::Expr *E = nullptr;
  clang::QualType ParamType;
  const clang::ParmVarDecl *Param = nullptr; ///< null for a capture
  /// The object of a member call (the parameter `self` of the callee):
  /// `this` reads as `self`, a pointer as what it points to.
  bool IsObject = false;
  /// A field of the struct E is or points to, read as the argument: the
  /// context of a gsl_function (`F.params`).
  const clang::FieldDecl *Field = nullptr;
  /// For the object of a virtual call's overrider: its class, to which the
  /// object (of a base class type) is cast.
  const clang::CXXRecordDecl *AsClass = nullptr;
};

/// One value that a lambda's generated functions take for what the lambda
/// captures. A captured lambda (a local initialised with a lambda and never
/// modified) contributes its own captures instead, so a lambda that calls
/// another one it captured is differentiated through it.
struct CaptureSlot {
  const clang::ValueDecl *Var = nullptr; ///< the captured variable
  const clang::Expr *Init = nullptr;     ///< its value where the lambda is made
  clang::QualType ParamType;
};
/// A capture bound in Bindings (a callable parameter of the clone the
/// lambda is written in) contributes the bound lambda's captures.
std::vector<CaptureSlot>
captureSlots(const clang::LambdaExpr *L, clang::ASTContext &Ctx,
             llvm::ArrayRef<CallableBinding> Bindings = {});
/// The lambda a capture holds, if it is a captured lambda as above.
const clang::LambdaExpr *capturedLambda(const clang::LambdaCapture &C);

/// The type of `self` for a member function: a reference to its class,
/// const for a const member.
clang::QualType selfParamType(const clang::CXXMethodDecl *Method);

/// Whether a callee can write through a parameter of type T: a pointer or
/// reference to something not immutable.
bool writesThrough(clang::QualType T);

/// Whether an object of type T (or of the class a pointer or array T holds)
/// can change even when const: a user class with a mutable member, or with
/// a base or member that has one.
bool hasMutableMembers(clang::QualType T);
/// Whether a type argument of R, a class template specialisation
/// (`std::vector<Acc>`: Acc), satisfies Pred; false for other classes.
bool anyTypeArgument(const clang::CXXRecordDecl *R,
                     llvm::function_ref<bool(clang::QualType)> Pred);

/// The first reference member of a user struct of type T (or of a member,
/// a base or an array element of it), or null: generated code cannot
/// declare such a variable, or its shadow, before setting it.
const clang::FieldDecl *referenceMember(clang::QualType T);

/// The data member of R (or of one of its non-virtual bases) that the name
/// Name reaches, as `obj.Name` does; null if none.
const clang::FieldDecl *fieldNamed(const clang::CXXRecordDecl *R,
                                   llvm::StringRef Name);

/// Whether T is const and nothing in it can change.
bool isImmutable(clang::QualType T);

/// Whether calling Method may change the object it is called on: a
/// non-const member, or a const one of a class with mutable members.
bool changesObject(const clang::CXXMethodDecl *Method);

/// Whether Body may change V: assigns it (also through an overloaded
/// operator), steps it, takes its address, calls a non-const member on it,
/// or binds it to a reference to non-const.
bool isModified(const clang::VarDecl *V, const clang::Stmt *Body);

/// The type generated code gives parameter P: its own, except a scalar
/// taken by rvalue reference that its function never changes, or a library
/// function's (a forwarding reference deduced from a temporary, std::plus<>'s
/// `_Up &&__u`), which is
/// taken by value, so that generated code can pass it values it holds.
clang::QualType generatedParamType(const clang::ParmVarDecl *P);

/// A reference to VD, made for generated code (the captures of a lambda that
/// arrives through a parameter are parameters of the clone, keyed by the
/// captured variable; a snapshot of a capture reads the variable).
const clang::Expr *refTo(const clang::VarDecl *VD, clang::ASTContext &Ctx);

/// A variable a lambda captures by value that its enclosing function
/// modifies somewhere, or null. ddx passes captures where the lambda is
/// used, so such a capture could differ from the value the lambda holds.
const clang::VarDecl *unstableCapture(const clang::LambdaExpr *L);
/// Refuses, at At, a lambda whose by-value capture V changes: ddx passes
/// captures Where ("at the request"), so they could differ from the
/// captured values. Remedy completes "capture it by reference, or ...".
void reportUnstableCapture(DiagReporter &Diags, clang::SourceLocation At,
                           const clang::VarDecl *V, llvm::StringRef Where,
                           llvm::StringRef Remedy);

/// Whether a parameter is marked DDX_OPTION: never differentiated.
bool isOption(const clang::ParmVarDecl *P);

struct ResolvedCallable {
  const clang::FunctionDecl *Function = nullptr;
  const clang::LambdaExpr *Lambda = nullptr;
  /// For a lambda that captures callables this clone is specialised on:
  /// those bindings, which its own generated functions are specialised on.
  std::vector<CallableBinding> Bindings;
  /// For a lambda: one argument per capture, in capture order.
  std::vector<CalleeArg> Captures;
  /// For a functor object: the object, which the call operator takes as
  /// `self` (Function is the call operator).
  const clang::Expr *Object = nullptr;
  /// For a struct of a function pointer and the context it is called with
  /// (the gsl_function pattern: `function(x, params)`): the struct, and the
  /// field passed as the function's last argument. The callable takes the
  /// function's other parameters.
  const clang::Expr *Holder = nullptr;
  const clang::FieldDecl *Context = nullptr;
};

/// The parameter that carries a lambda capture in generated code: a
/// reference for a by-reference capture, a const value otherwise.
clang::QualType captureParamType(const clang::LambdaCapture &C,
                                 clang::ASTContext &Ctx);

/// Whether a parameter of type T takes a callable ddx specialises on:
/// function pointers and references, std::function, closure types.
bool isCallableParam(clang::QualType T);

/// The single call operator of a closure or functor type (the one
/// specialisation of a generic lambda), or null if there is none or several.
const clang::CXXMethodDecl *callOperator(const clang::CXXRecordDecl *Record);

/// The function-pointer fields of the struct T is, or refers or points to.
std::vector<const clang::FieldDecl *> functionPointerFields(clang::QualType T);

/// For an argument E passed as a parameter of type T: a binding (Param
/// left 0) for each function-pointer field of the struct whose value the
/// text says (a local struct whose field is set once from a named function,
/// or a struct this clone is bound on). The gsl_function pattern.
std::vector<CallableBinding> fieldBindings(const clang::Expr *E,
                                           clang::QualType T,
                                           const FunctionIR &IR,
                                           clang::ASTContext &Ctx);

/// The concrete callable E denotes in function IR, if the text says.
std::optional<ResolvedCallable> resolveCallable(const clang::Expr *E,
                                                const FunctionIR &IR,
                                                clang::ASTContext &Ctx);

/// A local function pointer that the text sets only from named functions
/// (in its initializer, by assignments, or through `?:`), never exposing
/// its address: a callable chosen at run time from a known set.
struct CandidateSet {
  const clang::VarDecl *Pointer = nullptr;
  std::vector<const clang::FunctionDecl *> Functions; ///< in source order
};
/// The candidates for the callable E denotes, if it is such a pointer.
std::optional<CandidateSet> candidateFunctions(const clang::Expr *E,
                                               const FunctionIR &IR);

/// Like resolveCallable, and also a functor object (of a class with one
/// call operator), whose members travel with it as `self`, and a struct
/// holding one function pointer and its context (a gsl_function), which
/// stands for the function with the context passed last.
/// What a resolved callable writes outside its own frame other than the
/// variables it captures by reference: a capture it writes through (a
/// pointer, `*p = ...`) or a functor's pointer or reference member it
/// writes through. The first such declaration, or null.
const clang::ValueDecl *writtenIndirectly(const ResolvedCallable &R);

/// Whether E is a lambda that captures `this` (or `*this`): its body
/// reaches the object's members through it, which generated code has no
/// name for, so ddx does not resolve it.
bool capturesObject(const clang::Expr *E);

/// A callable or a functor object. For a functor whose call operator is a
/// template used with several argument types (std::plus<>), the
/// specialisation Receiver's body calls on the parameter E is passed to
/// (the library's own call of it), if it calls one. With Field, E is a
/// struct of several function pointers and a context, and the callable
/// the one in that field (gsl_function_fdf's f).
std::optional<ResolvedCallable> resolveCallableOrFunctor(
    const clang::Expr *E, const FunctionIR &IR, clang::ASTContext &Ctx,
    const clang::CallExpr *Receiver = nullptr, llvm::StringRef Field = "");

/// For a call of a callable object or parameter (f(x) where f is a lambda,
/// a bound parameter, a function pointer): the expression denoting f.
const clang::Expr *calledObject(const clang::CallExpr *Call);

/// What the printer calls for a call through a callable object: the object
/// and, if it is bound to a named function in IR, that function (an
/// ExprPrinter's CalleeBinder).
BoundCallee bindCallee(const clang::CallExpr *Call, const FunctionIR &IR);

/// The object of a member operator call (a functor's (), a Vec3's +), or
/// null: it is the call's first argument, and the callee's parameters meet
/// the arguments after it.
const clang::Expr *memberOperatorObject(const clang::CallExpr *Call);

} // namespace ddx

#endif // DDX_PLAN_CALLABLERESOLVER_H
