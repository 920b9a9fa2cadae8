//===- Constructions.h - user constructors as member calls ------*- C++ -*-===//
//
// A constructor the user wrote (`Particle p(x0, v0);`, `Vec3(a, b, c)`) is
// differentiated like a non-const member function of the object it builds:
// its member initialisers and body set `self`. Lowering writes the
// construction as a call of the constructor on that object, so activity,
// planning and the emitters treat it as the member call it amounts to.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_LOWERING_CONSTRUCTIONS_H
#define DDX_LOWERING_CONSTRUCTIONS_H

#include "clang/AST/ExprCXX.h"

namespace ddx {

/// Whether E runs a constructor ddx differentiates: one the user wrote (not
/// the compiler's copy or move), of a class outside the standard library.
bool isUserConstruction(const clang::CXXConstructExpr *E,
                        const clang::ASTContext &Ctx);
/// Whether Ctor is such a constructor: lowering makes the object its calls
/// build (a copy for a by-value argument) with the constructor's derivative.
bool isUserConstructor(const clang::CXXConstructorDecl *Ctor,
                       const clang::ASTContext &Ctx);

/// E written as a call of its constructor on Object (`Object.T(args)`):
/// a node of ddx's own, never part of the translation unit's tree.
const clang::CXXMemberCallExpr *
constructionCall(clang::ASTContext &Ctx, const clang::CXXConstructExpr *E,
                 const clang::VarDecl *Object);
/// A constructor's `: T(args)` delegating to another of its class's
/// constructors, as a call of that one on the object being built
/// (`this->T(args)`).
const clang::CXXMemberCallExpr *
delegationCall(clang::ASTContext &Ctx, const clang::CXXConstructExpr *E,
               const clang::CXXConstructorDecl *From);

/// The base's constructor that `using Base::Base;` runs for the inheriting
/// constructor From, as a construction from From's parameters: a node of
/// ddx's own.
const clang::CXXConstructExpr *
inheritedConstruction(clang::ASTContext &Ctx,
                      const clang::CXXInheritedCtorInitExpr *E,
                      const clang::CXXConstructorDecl *From);

/// A variable of ddx's own that holds a temporary object built by E.
const clang::VarDecl *temporaryObject(clang::ASTContext &Ctx,
                                      const clang::Expr *E,
                                      clang::DeclContext *In,
                                      llvm::StringRef Name);

/// The constructor a construction call runs, or null for any other call.
const clang::CXXConstructorDecl *constructorOf(const clang::CallExpr *Call);

} // namespace ddx

#endif // DDX_LOWERING_CONSTRUCTIONS_H
