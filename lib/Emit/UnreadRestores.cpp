//===- UnreadRestores.cpp -------------------------------------------------===//
#include "Emit/UnreadRestores.h"
#include "Support/Spelling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace ddx {
namespace {

/// T for a line `<Op>T);` (Op being `_tape.push(` or `_tape.pop(`), else
/// empty.
llvm::StringRef recordOf(llvm::StringRef Line, llvm::StringRef Op) {
  Line = Line.trim();
  if (!Line.consume_front(Op) || !Line.consume_back(");"))
    return {};
  return Line;
}

/// The leading identifier of T and what follows it.
std::pair<llvm::StringRef, llvm::StringRef> splitRoot(llvm::StringRef T) {
  size_t End = 0;
  while (End < T.size() && (llvm::isAlnum(T[End]) || T[End] == '_'))
    ++End;
  return {T.take_front(End), T.drop_front(End)};
}

/// Whether a line opens a block that may run more than once: anything but
/// a plain block or a branch (a loop, a lambda's body).
bool opensRepeatedBlock(llvm::StringRef Line) {
  BlockKind K = blockKind(Line);
  return K == BlockKind::Loop || K == BlockKind::Other;
}

/// For each line of Reverse, the first line of the outermost block around
/// it that may run more than once, or -1: the reverse sweep runs that whole
/// block again after the line.
std::vector<int> outermostRepeatedBlocks(const Lines &Reverse) {
  std::vector<int> Outermost(Reverse.size(), -1);
  std::vector<int> Open; // the lines that opened the blocks around
  for (size_t L = 0; L < Reverse.size(); ++L) {
    auto Repeated = llvm::find_if(
        Open, [&](int At) { return opensRepeatedBlock(Reverse[At]); });
    if (Repeated != Open.end())
      Outermost[L] = *Repeated;
    forEachBrace(Reverse[L], [&](char Brace) {
      if (Brace == '{')
        Open.push_back(int(L));
      else if (!Open.empty())
        Open.pop_back();
    });
  }
  return Outermost;
}

/// Whether the restore of V's value (or a part of it) may be pruned at
/// all: a local whose storage only the function's own names reach.
bool prunable(const FunctionIR &IR, const PointerTargets &Pointers, int V,
              llvm::StringRef Part) {
  const Variable &Var = IR.Vars[V];
  // (A variable whose address a struct or a global keeps may be read
  // where no name of it shows.)
  if (unsigned(V) < IR.NumParams || Var.isAlias() || Pointers.isStored(V))
    return false;
  clang::QualType T = Var.Type.getCanonicalType();
  // (Iterators and smart pointers read memory PointerTargets does not
  // follow: only numbers, and arrays and structs of numbers.)
  if (Part.empty())
    return T->isArithmeticType() ||
           ((T->isConstantArrayType() || T->isRecordType()) && isPlainData(T));
  return (Part.starts_with("[") || Part.starts_with(".")) &&
         (T->isConstantArrayType() || T->isRecordType()) && isPlainData(T);
}

class UnreadRestores {
public:
  UnreadRestores(Sweeps &S, const FunctionIR &IR,
                 const PointerTargets &Pointers)
      : S(S), IR(IR), Pointers(Pointers),
        Outermost(outermostRepeatedBlocks(S.Reverse)) {
    for (unsigned V = 0; V < IR.Vars.size(); ++V)
      VarOf.try_emplace(IR.Vars[V].Name, V);
  }

  void run() {
    // A save and its restore have the same text: a text is dropped only
    // when every restore line of it is unread and there are as many save
    // lines as restore lines (none inside the other sweep).
    llvm::StringMap<bool> Droppable;
    llvm::StringMap<int> Balance;
    for (size_t L = 0; L < S.Reverse.size(); ++L) {
      if (!recordOf(S.Reverse[L], "_tape.push(").empty())
        Droppable[recordOf(S.Reverse[L], "_tape.push(")] = false;
      llvm::StringRef T = recordOf(S.Reverse[L], "_tape.pop(");
      if (T.empty())
        continue;
      bool Unread = unreadAfter(T, L);
      auto [It, New] = Droppable.try_emplace(T, Unread);
      It->second = It->second && Unread;
      --Balance[T];
    }
    for (const std::string &Line : S.Forward) {
      if (!recordOf(Line, "_tape.pop(").empty())
        Droppable[recordOf(Line, "_tape.pop(")] = false;
      if (llvm::StringRef T = recordOf(Line, "_tape.push("); !T.empty())
        ++Balance[T];
    }
    auto Dropped = [&](const std::string &Line, llvm::StringRef Op) {
      llvm::StringRef T = recordOf(Line, Op);
      return !T.empty() && Droppable.lookup(T) && Balance.lookup(T) == 0;
    };
    llvm::erase_if(S.Forward, [&](const std::string &Line) {
      return Dropped(Line, "_tape.push(");
    });
    llvm::erase_if(S.Reverse, [&](const std::string &Line) {
      return Dropped(Line, "_tape.pop(");
    });
  }

private:
  /// Whether nothing the reverse sweep runs after line L, the restore of
  /// T, reads what T names.
  bool unreadAfter(llvm::StringRef T, size_t L) const {
    auto [Root, Part] = splitRoot(T);
    auto It = VarOf.find(Root);
    if (It == VarOf.end() || !prunable(IR, Pointers, It->second, Part) ||
        mentions(Part.str(), Root.str()))
      return false;
    size_t From = Outermost[L] >= 0 ? size_t(Outermost[L]) : L + 1;
    for (int R : Pointers.readersOf(It->second))
      for (size_t At = From; At < S.Reverse.size(); ++At)
        if (reads(S.Reverse[At], IR.Vars[R].Name))
          return false;
    return true;
  }

  /// Whether Line reads Name: mentions it other than as what a restore
  /// writes.
  static bool reads(const std::string &Line, const std::string &Name) {
    if (!mentions(Line, Name))
      return false;
    auto [Root, Part] = splitRoot(recordOf(Line, "_tape.pop("));
    return Root != Name || mentions(Part.str(), Name);
  }

  Sweeps &S;
  const FunctionIR &IR;
  const PointerTargets &Pointers;
  std::vector<int> Outermost;
  llvm::StringMap<int> VarOf;
};

} // namespace

void dropUnreadRestores(Sweeps &S, const FunctionIR &IR,
                        const PointerTargets &Pointers) {
  UnreadRestores(S, IR, Pointers).run();
}

} // namespace ddx
