//===- TemplateKey.h - telling a template's requests apart -------*- C++
//-*-===//
//
// A request written inside a template is one piece of text with one
// instantiation per set of template arguments, and each instantiation may
// need its own derivative (`ddx::gradient(model<N>, ...)`). The request's
// text is rewritten once, to a call through a dispatch class that generated
// code specialises for each instantiation; the key of that class is the
// template arguments in scope at the request, spelled as types so that type
// and value parameters fit one list.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_REQUESTS_TEMPLATEKEY_H
#define DDX_REQUESTS_TEMPLATEKEY_H

#include "clang/AST/Decl.h"
#include "llvm/Support/Error.h"
#include <string>

namespace ddx {

struct TemplateKey {
  /// The key as the template's own text names it, valid at the request:
  /// `T, ::std::integral_constant<decltype(N), N>`.
  std::string AtRequest;
  /// The key of this instantiation, valid at namespace scope:
  /// `double, ::std::integral_constant<int, 4>`.
  std::string Instance;
};

/// The key of the instantiation In (the function whose body holds the
/// request), from the template arguments of In and of every template that
/// encloses it, outermost first, each parameter named as the text around
/// the request names it (a pack as a std::tuple); an error saying which
/// cannot be spelled (an `auto` parameter, a template template parameter,
/// a partial specialisation's, an argument that is a lambda's type).
llvm::Expected<TemplateKey> templateKeyOf(const clang::FunctionDecl *In);

/// The dispatch class Name: declared for any key, and specialised for each
/// instantiation's key with a `call` that forwards its arguments to that
/// instantiation's entry function (unqualified, in ddx_generated).
/// An error where two instantiations with one key call different entries.
llvm::Expected<std::string>
dispatchClass(llvm::StringRef Name,
              llvm::ArrayRef<std::pair<std::string, std::string>> KeyEntries);

} // namespace ddx

#endif // DDX_REQUESTS_TEMPLATEKEY_H
