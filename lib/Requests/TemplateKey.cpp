//===- TemplateKey.cpp ----------------------------------------------------===//
#include "Requests/TemplateKey.h"
#include "Support/Spelling.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace ddx {
namespace {

llvm::Error unspellable(llvm::StringRef Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why.str());
}

/// Whether T can be named at namespace scope before the template: not a
/// lambda's closure type, a local class or an unnamed one, nor a template
/// specialised on one.
bool nameable(QualType T) {
  T = T.getNonReferenceType();
  while (T->isPointerType() || T->isArrayType())
    T = T->isPointerType() ? T->getPointeeType()
                           : QualType(T->getPointeeOrArrayElementType(), 0);
  const CXXRecordDecl *Class = T->getAsCXXRecordDecl();
  if (!Class)
    return true;
  if (Class->isLambda() || Class->isLocalClass() || !Class->getIdentifier())
    return false;
  if (auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Class))
    for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
      if (Arg.getKind() == TemplateArgument::Type && !nameable(Arg.getAsType()))
        return false;
  return true;
}

/// Builds a key from template parameter lists and their arguments.
class KeyBuilder {
public:
  explicit KeyBuilder(const ASTContext &Ctx) : Ctx(Ctx) {}

  llvm::Error add(const TemplateParameterList *Params,
                  llvm::ArrayRef<TemplateArgument> Args) {
    for (unsigned I = 0; I < Params->size() && I < Args.size(); ++I)
      if (llvm::Error E = addOne(Params->getParam(I), Args[I]))
        return E;
    return llvm::Error::success();
  }

  TemplateKey key() const {
    return {llvm::join(AtRequest, ", "), llvm::join(Instance, ", ")};
  }

private:
  llvm::Error addOne(const NamedDecl *Param, const TemplateArgument &Arg) {
    std::string Name = Param->getNameAsString();
    if (Param->isImplicit() || llvm::StringRef(Name).starts_with("auto:"))
      return unspellable("the template has an 'auto' parameter (a generic "
                         "lambda's, or an abbreviated template's), which has "
                         "no name to spell its type by");
    // (An unnamed parameter, `class = std::enable_if_t<...>`, follows from
    // the others; two instantiations it alone tells apart are refused
    // where their keys clash.)
    if (Name.empty())
      return llvm::Error::success();
    if (isa<TemplateTemplateParmDecl>(Param))
      return unspellable("template parameter '" + Name +
                         "' is a template template parameter");
    bool Value = isa<NonTypeTemplateParmDecl>(Param);
    std::string Spelled =
        Value ? "::std::integral_constant<decltype(" + Name + "), " + Name + ">"
              : Name;
    if (Arg.getKind() != TemplateArgument::Pack) {
      AtRequest.push_back(Spelled);
      return addInstance(Name, Arg, Instance);
    }
    // (Each pack is a tuple of its own: two packs side by side would
    // otherwise give one key for different splits of the same arguments.)
    AtRequest.push_back("::std::tuple<" + Spelled + "...>");
    std::vector<std::string> Elements;
    for (const TemplateArgument &Element : Arg.pack_elements())
      if (llvm::Error E = addInstance(Name, Element, Elements))
        return E;
    Instance.push_back("::std::tuple<" + llvm::join(Elements, ", ") + ">");
    return llvm::Error::success();
  }

  llvm::Error addInstance(const std::string &Name, const TemplateArgument &Arg,
                          std::vector<std::string> &Out) {
    switch (Arg.getKind()) {
    case TemplateArgument::Type:
      if (!nameable(Arg.getAsType()))
        return unspellable("template parameter '" + Name + "' is '" +
                           userTypeName(Arg.getAsType(), Ctx) +
                           "' here, a type without a name generated code can "
                           "spell (a lambda's, or a local class)");
      Out.push_back(spellType(Arg.getAsType(), Ctx));
      return llvm::Error::success();
    case TemplateArgument::Integral: {
      QualType T = Arg.getIntegralType();
      std::string Value = toString(Arg.getAsIntegral(), 10);
      if (T->isBooleanType())
        Value = Arg.getAsIntegral().getBoolValue() ? "true" : "false";
      else if (!T->isBuiltinType())
        Value = "static_cast<" + spellType(T, Ctx) + ">(" + Value + ")";
      Out.push_back("::std::integral_constant<" + spellType(T, Ctx) + ", " +
                    Value + ">");
      return llvm::Error::success();
    }
    default:
      return unspellable("template parameter '" + Name +
                         "' has an argument that is not a type or an "
                         "integer");
    }
  }

  const ASTContext &Ctx;
  std::vector<std::string> AtRequest, Instance;
};

/// The template parameter lists that In's definition writes before its
/// name for the class templates enclosing it (`template <class S> double
/// Model<S>::slope`), outermost first; none for a definition in the class.
std::vector<const TemplateParameterList *>
outerListsOfDefinition(const FunctionDecl *In) {
  std::vector<const TemplateParameterList *> Lists;
  const FunctionDecl *Def = In->getTemplateInstantiationPattern();
  if (!Def)
    return Lists;
  for (unsigned I = 0; I < Def->getNumTemplateParameterLists(); ++I)
    Lists.push_back(Def->getTemplateParameterList(I));
  return Lists;
}

} // namespace

llvm::Expected<TemplateKey> templateKeyOf(const FunctionDecl *In) {
  if (!In)
    return unspellable("the request is not inside a function");
  // The templates enclosing the request, innermost first, with their
  // parameters as the text around the request names them.
  std::vector<std::pair<const TemplateParameterList *,
                        llvm::ArrayRef<TemplateArgument>>>
      Scopes;
  std::vector<const TemplateParameterList *> Outer = outerListsOfDefinition(In);
  for (const DeclContext *DC = In; DC; DC = DC->getParent()) {
    if (auto *FD = dyn_cast<FunctionDecl>(DC)) {
      const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
      const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
      const FunctionTemplateDecl *Own =
          Pattern ? Pattern->getDescribedFunctionTemplate() : nullptr;
      if (!Own)
        Own = FD->getPrimaryTemplate();
      if (Own && Args && FD->isTemplateInstantiation())
        Scopes.emplace_back(Own->getTemplateParameters(), Args->asArray());
    } else if (auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(DC);
               Spec &&
               isTemplateInstantiation(Spec->getTemplateSpecializationKind())) {
      if (Spec->getSpecializedTemplateOrPartial()
              .is<ClassTemplatePartialSpecializationDecl *>())
        return unspellable("the request is inside a partial "
                           "specialisation of '" +
                           Spec->getNameAsString() + "'");
      const TemplateParameterList *Params =
          Spec->getSpecializedTemplate()->getTemplateParameters();
      if (!Outer.empty()) {
        Params = Outer.back();
        Outer.pop_back();
      }
      Scopes.emplace_back(Params, Spec->getTemplateArgs().asArray());
    }
  }
  KeyBuilder Builder(In->getASTContext());
  for (auto It = Scopes.rbegin(); It != Scopes.rend(); ++It)
    if (llvm::Error E = Builder.add(It->first, It->second))
      return std::move(E);
  return Builder.key();
}

llvm::Expected<std::string>
dispatchClass(llvm::StringRef Name,
              llvm::ArrayRef<std::pair<std::string, std::string>> KeyEntries) {
  std::string Text = "template <class... Key> struct " + Name.str() + ";\n";
  llvm::StringMap<std::string> Entries;
  for (const auto &[Key, Entry] : KeyEntries) {
    auto [It, New] = Entries.try_emplace(Key, Entry);
    if (!New && It->second != Entry)
      return unspellable("two of its instantiations differ only in "
                         "template parameters without names");
    if (!New)
      continue;
    Text += "template <> struct " + Name.str() + "<" + Key +
            "> {\n"
            "  template <class... A> static decltype(auto) call(A &&...a) {\n"
            "    return ::ddx_generated::" +
            Entry +
            "(static_cast<A &&>(a)...);\n"
            "  }\n"
            "};\n";
  }
  return Text;
}

} // namespace ddx
