//===- Spelling.cpp -------------------------------------------------------===//
#include "Support/Spelling.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/TemplateBase.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ddx {

PrintingPolicy printingPolicy(const ASTContext &Ctx) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  Policy.FullyQualifiedName = true;
  Policy.PrintCanonicalTypes = false;
  // A class in an anonymous namespace is named from the generated code (in
  // the same file) without it: `::C`, not `::(anonymous namespace)::C`.
  Policy.SuppressUnwrittenScope = true;
  return Policy;
}

/// Whether T, printed, names a reserved identifier (`_Names`, `__names`):
/// a standard library's internals.
static bool spellsReservedName(QualType T, const ASTContext &Ctx) {
  std::string Text = T.getAsString(printingPolicy(Ctx));
  for (size_t I = 0; I + 1 < Text.size(); ++I) {
    bool Starts = I == 0 || !(llvm::isAlnum(Text[I - 1]) || Text[I - 1] == '_');
    if (Starts && Text[I] == '_' &&
        (Text[I + 1] == '_' || llvm::isUpper(Text[I + 1])))
      return true;
  }
  return false;
}

QualType readableType(QualType T, const ASTContext &Ctx) {
  if (T.getCanonicalType()->isBuiltinType())
    return T.getCanonicalType();
  // Through references and pointers, so that a builtin behind a member
  // typedef (`std::vector<double>::value_type &`, an init-capture's type) is
  // spelled as the builtin: the typedef's own name is not in scope.
  if (auto *R = dyn_cast<LValueReferenceType>(T.getTypePtr()))
    return Ctx.getLValueReferenceType(readableType(R->getPointeeType(), Ctx));
  if (auto *R = dyn_cast<RValueReferenceType>(T.getTypePtr()))
    return Ctx.getRValueReferenceType(readableType(R->getPointeeType(), Ctx));
  // getFullyQualifiedType qualifies by the scope of the desugared type but
  // prints the sugar: `auto` deduced as `std::vector<int>::iterator` came out
  // as `__gnu_cxx::iterator`. Spell what was deduced instead.
  if (auto *D = dyn_cast<DeducedType>(T.getTypePtr()))
    if (!D->getDeducedType().isNull())
      return readableType(
          Ctx.getQualifiedType(D->getDeducedType(), T.getLocalQualifiers()),
          Ctx);
  if (auto *D = dyn_cast<DecltypeType>(T.getTypePtr()))
    if (!D->getUnderlyingType().isNull() && !D->isDependentType())
      return readableType(
          Ctx.getQualifiedType(D->getUnderlyingType(), T.getLocalQualifiers()),
          Ctx);
  if (auto *P = dyn_cast<PointerType>(T.getTypePtr()))
    return Ctx.getQualifiedType(
        Ctx.getPointerType(readableType(P->getPointeeType(), Ctx)),
        T.getLocalQualifiers());
  // A library class's member typedef (a vector element's
  // `__gnu_cxx::__alloc_traits<...>::value_type`): the type it names.
  if (auto *Typedef = T->getAs<TypedefType>()) {
    const TypedefNameDecl *D = Typedef->getDecl();
    if (isa<RecordDecl>(D->getDeclContext()) &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return readableType(
          Ctx.getQualifiedType(Typedef->desugar(), T.getLocalQualifiers()),
          Ctx);
  }
  QualType Full =
      TypeName::getFullyQualifiedType(T, Ctx, /*WithGlobalNsPrefix=*/true);
  // A library's internal alias kept as sugar in a template argument
  // (make_shared's `std::shared_ptr<std::_NonArray<P>>`): the type it
  // stands for reads better and is what the library documents.
  if (spellsReservedName(Full, Ctx)) {
    QualType Canonical = TypeName::getFullyQualifiedType(
        T.getCanonicalType(), Ctx, /*WithGlobalNsPrefix=*/true);
    if (!spellsReservedName(Canonical, Ctx))
      return Canonical;
  }
  return Full;
}

std::string spellType(QualType T, const ASTContext &Ctx) {
  return readableType(T, Ctx).getAsString(printingPolicy(Ctx));
}

std::string userTypeName(QualType T, const ASTContext &Ctx) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  Policy.SuppressDefaultTemplateArgs = true;
  QualType Plain = T.getNonReferenceType().getUnqualifiedType();
  std::string Text = Plain.getAsString(Policy);
  // A library's internal names (`pair<__normal_iterator<int *, ...>, ...>`)
  // say nothing to the user: name the outer template alone.
  auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Plain->getAsCXXRecordDecl());
  if (Spec && llvm::StringRef(Text).contains("__") &&
      !Spec->getName().starts_with("__"))
    return Spec->getQualifiedNameAsString() + "<...>";
  return Text;
}

std::string spellTemplateArgs(const ClassTemplateSpecializationDecl *S) {
  const ASTContext &Ctx = S->getASTContext();
  ArrayRef<TemplateArgument> Args = S->getTemplateArgs().asArray();
  const TemplateParameterList *Params =
      S->getSpecializedTemplate()->getTemplateParameters();
  size_t Kept = Args.size();
  while (Kept > 0 && Kept <= Params->size() &&
         isSubstitutedDefaultArgument(
             const_cast<ASTContext &>(Ctx), Args[Kept - 1],
             Params->getParam(Kept - 1), Args.take_front(Kept - 1),
             Params->getDepth()))
    --Kept;
  std::string Text = "<";
  llvm::raw_string_ostream OS(Text);
  for (size_t I = 0; I < Kept; ++I) {
    if (I)
      OS << ", ";
    if (Args[I].getKind() == TemplateArgument::Type)
      OS << spellType(Args[I].getAsType(), Ctx);
    else
      Args[I].print(printingPolicy(Ctx), OS, /*IncludeType=*/true);
  }
  OS << ">";
  return Text;
}

/// An overloaded operator as part of an identifier: operator+ is
/// "operator_plus".
std::string operatorIdentifier(OverloadedOperatorKind Op) {
  switch (Op) {
  case OO_Call:
    return "call"; // a functor's Scaled_call
  case OO_Subscript:
    return "operator_subscript";
  default:
    break;
  }
  static const char *const Words[][2] = {
      {"+", "plus"},          {"-", "minus"},         {"*", "times"},
      {"/", "divide"},        {"%", "modulo"},        {"+=", "plus_assign"},
      {"-=", "minus_assign"}, {"*=", "times_assign"}, {"/=", "divide_assign"},
      {"==", "equal"},        {"!=", "not_equal"},    {"<", "less"},
      {">", "greater"},       {"<=", "less_equal"},   {">=", "greater_equal"},
      {"=", "assign"},        {"!", "not"},           {"^", "caret"}};
  llvm::StringRef Spelling = getOperatorSpelling(Op);
  for (const auto &Word : Words)
    if (Spelling == Word[0])
      return std::string("operator_") + Word[1];
  return "operator_" + std::to_string(unsigned(Op));
}

/// Whether Name occurs in Text as a whole identifier.
bool mentions(const std::string &Text, const std::string &Name) {
  // (An empty name would match everywhere without advancing.)
  if (Name.empty())
    return false;
  size_t Pos = 0;
  while ((Pos = Text.find(Name, Pos)) != std::string::npos) {
    bool Before =
        Pos == 0 || !(llvm::isAlnum(Text[Pos - 1]) || Text[Pos - 1] == '_');
    size_t End = Pos + Name.size();
    bool After =
        End >= Text.size() || !(llvm::isAlnum(Text[End]) || Text[End] == '_');
    if (Before && After)
      return true;
    Pos = End;
  }
  return false;
}

llvm::SmallVector<llvm::StringRef, 8> identifiers(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 8> Out;
  size_t I = 0;
  while (I < Text.size()) {
    if (!(llvm::isAlpha(Text[I]) || Text[I] == '_')) {
      // (A number's digits and suffix are not a name: 1e5, 2.0f.)
      if (llvm::isDigit(Text[I]))
        while (I < Text.size() && (llvm::isAlnum(Text[I]) || Text[I] == '.'))
          ++I;
      else
        ++I;
      continue;
    }
    size_t Start = I;
    while (I < Text.size() && (llvm::isAlnum(Text[I]) || Text[I] == '_'))
      ++I;
    Out.push_back(Text.slice(Start, I));
  }
  return Out;
}

BlockKind blockKind(llvm::StringRef Header) {
  Header = Header.trim();
  if (Header == "{")
    return BlockKind::Plain;
  if (Header.starts_with("if (") || Header.starts_with("if constexpr"))
    return BlockKind::Branch;
  if (Header.starts_with("} else") || Header.starts_with("else"))
    return BlockKind::Else;
  if (Header.starts_with("while (") || Header.starts_with("for ("))
    return BlockKind::Loop;
  return BlockKind::Other;
}

/// Whether the quote at Line[At] separates digits (`1'000.0`): it is inside
/// a token that starts with a digit (not a literal's prefix: `u8'a'`).
static bool digitSeparator(llvm::StringRef Line, size_t At) {
  if (Line[At] != '\'' || At + 1 >= Line.size() || !llvm::isAlnum(Line[At + 1]))
    return false;
  size_t Start = At;
  while (Start > 0 && (llvm::isAlnum(Line[Start - 1]) ||
                       Line[Start - 1] == '\'' || Line[Start - 1] == '.'))
    --Start;
  return Start < At && llvm::isDigit(Line[Start]);
}

void forEachBrace(llvm::StringRef Line, llvm::function_ref<void(char)> Visit) {
  char Quote = 0;
  for (size_t I = 0; I < Line.size(); ++I) {
    char Ch = Line[I];
    if (Quote) {
      if (Ch == '\\')
        ++I;
      else if (Ch == Quote)
        Quote = 0;
    } else if ((Ch == '"' || Ch == '\'') && !digitSeparator(Line, I)) {
      Quote = Ch;
    } else if (Ch == '{' || Ch == '}') {
      Visit(Ch);
    }
  }
}

} // namespace ddx
