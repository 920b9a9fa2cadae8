//===- RequestFinder.h - ddx::gradient and ddx::derivative calls -*- C++
//-*-===//
//
// Finds the derivative requests of a translation unit and records, for each,
// the target (function, lambda or functor), the mode and how each argument
// is wrapped (active, constant, dual, duplicated or plain).
//
//===----------------------------------------------------------------------===//
#ifndef DDX_REQUESTS_REQUESTFINDER_H
#define DDX_REQUESTS_REQUESTFINDER_H

#include "Plan/DiffPlan.h"
#include "Support/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include <vector>

namespace ddx {

struct RequestArg {
  enum class Kind { Plain, Active, Constant, Dual, Duplicated };
  Kind K = Kind::Plain;
  const clang::Expr *Whole = nullptr;
  const clang::Expr *Primal = nullptr;
  const clang::Expr *Shadow =
      nullptr; ///< tangent of Dual, shadow of Duplicated
};

struct Request {
  const clang::CallExpr *Call = nullptr;
  bool Gradient = true;
  Target What;
  /// The functor object or lambda variable the request names, if any.
  const clang::Expr *Object = nullptr;
  std::vector<RequestArg> Args;
  /// The function whose body holds the request (for a request in a
  /// lambda's body, the function the lambda is written in; in a generic
  /// lambda's instantiation, its call operator); inside a template, the
  /// instantiation (one request per instantiation, at the same text).
  const clang::FunctionDecl *In = nullptr;
};

/// Whether Call is a request: ddx::gradient or ddx::derivative.
bool isRequest(const clang::CallExpr *Call);

class RequestFinder {
public:
  RequestFinder(clang::ASTContext &Ctx, DiagReporter &Diags)
      : Ctx(Ctx), Diags(Diags) {}

  /// All requests in the main file, in source order. Malformed requests are
  /// reported and left out. A request inside a template comes once per
  /// instantiation (none if the template is never instantiated).
  std::vector<Request> find();

private:
  bool resolveTarget(const clang::Expr *E, Request &R);
  RequestArg classify(const clang::Expr *E);

  clang::ASTContext &Ctx;
  DiagReporter &Diags;
};

} // namespace ddx

#endif // DDX_REQUESTS_REQUESTFINDER_H
