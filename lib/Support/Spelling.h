//===- Spelling.h - types and template arguments as generated code reads -===//
//
// Generated code lives in namespace ddx_generated at the end of the file, so
// every type it names is spelled fully qualified from the global namespace.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_SUPPORT_SPELLING_H
#define DDX_SUPPORT_SPELLING_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace ddx {

/// How generated code prints: fully qualified, without `struct`/`class`.
clang::PrintingPolicy printingPolicy(const clang::ASTContext &Ctx);

/// T as generated code spells it: fully qualified; library typedefs of
/// builtin types read as the builtin type.
clang::QualType readableType(clang::QualType T, const clang::ASTContext &Ctx);

/// T, fully qualified; library typedefs of builtin types (`__promote<...>::
/// __type`) read as the builtin type.
std::string spellType(clang::QualType T, const clang::ASTContext &Ctx);

/// T as a message to the user names it: as written, without `::` prefixes,
/// references or qualifiers.
std::string userTypeName(clang::QualType T, const clang::ASTContext &Ctx);

/// The template argument list of a class template specialisation, `<double,
/// 15U>`: fully qualified, and without trailing arguments that are the
/// template's defaults.
std::string spellTemplateArgs(const clang::ClassTemplateSpecializationDecl *S);

/// An overloaded operator as part of an identifier: operator+ is
/// "operator_plus", a functor's operator() "call".
std::string operatorIdentifier(clang::OverloadedOperatorKind Op);

/// Whether Name occurs in Text as a whole identifier.
bool mentions(const std::string &Text, const std::string &Name);

/// The identifiers in a text of generated code, in order (a number's
/// digits and suffix are none).
llvm::SmallVector<llvm::StringRef, 8> identifiers(llvm::StringRef Text);

/// What a line of generated code that opens a block opens: a plain block,
/// a branch (`if (`, `if constexpr`), another arm of one (`} else`,
/// `else`), a loop (`while (`, `for (`), or anything else (a lambda's
/// body, a do-while), which may run any number of times.
enum class BlockKind { Plain, Branch, Else, Loop, Other };
BlockKind blockKind(llvm::StringRef Header);

/// Calls Visit with each brace of a line of generated code, in order,
/// skipping those inside string and character literals.
void forEachBrace(llvm::StringRef Line, llvm::function_ref<void(char)> Visit);

} // namespace ddx

#endif // DDX_SUPPORT_SPELLING_H
