//===- SumLoopFusion.cpp --------------------------------------------------===//
#include "Emit/SumLoopFusion.h"
#include "Support/ExprPrinter.h"
#include "Support/Spelling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace ddx {
namespace {

/// The index of the line closing the block Lines[Open] opens, or -1.
int closingLine(const Lines &L, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < L.size(); ++I) {
    forEachBrace(L[I], [&](char Brace) { Depth += Brace == '{' ? 1 : -1; });
    if (Depth == 0)
      return int(I);
  }
  return -1;
}

int lineIndex(const Lines &L, const std::string &Line) {
  auto It = llvm::find(L, Line);
  return It == L.end() ? -1 : int(It - L.begin());
}

/// The index of the last line Line outside every block of L, or -1.
int lastAtTopLevel(const Lines &L, const std::string &Line) {
  int Depth = 0, Found = -1;
  for (size_t I = 0; I < L.size(); ++I) {
    if (Depth == 0 && L[I] == Line)
      Found = int(I);
    forEachBrace(L[I], [&](char Brace) { Depth += Brace == '{' ? 1 : -1; });
  }
  return Found;
}

bool mentionsTape(llvm::ArrayRef<std::string> L) {
  return llvm::any_of(
      L, [](const std::string &Line) { return mentions(Line, "_tape"); });
}

class SumLoopFusion {
public:
  SumLoopFusion(const FunctionIR &IR, const PointerTargets &Pointers,
                const Sweeps &S)
      : IR(IR), Pointers(Pointers), S(S) {}

  std::optional<Lines> run(const Lines &Seed) {
    if (!findLoop() || !checkShape() || !splitText() || !checkAdjoints() ||
        !checkPrimalReads() || !checkTail() || !checkAfter())
      return std::nullopt;
    Lines Out(S.Forward.begin(), S.Forward.begin() + ForwardBegin);
    append(Out, Seed);
    append(Out, llvm::ArrayRef(S.Reverse).take_front(ReverseBegin));
    Out.push_back("while (" + IR.Body[Loop].Cond + ") {");
    append(Out, BodyF);
    append(Out, BodyR);
    append(Out, StepF);
    Out.push_back("}");
    append(Out, llvm::ArrayRef(S.Forward).drop_front(ForwardAfter));
    append(Out, llvm::ArrayRef(S.Reverse).drop_front(ReverseEnd + 1));
    return Out;
  }

private:
  static void append(Lines &To, llvm::ArrayRef<std::string> From) {
    To.insert(To.end(), From.begin(), From.end());
  }

  /// The last loop at the function's top level.
  bool findLoop() {
    for (size_t I = 0; I < IR.Body.size(); ++I)
      if (IR.Body[I].K == Stmt::Kind::Loop)
        Loop = I;
    return Loop >= 0;
  }

  static bool plainAssign(const Stmt &S) {
    return S.K == Stmt::Kind::Assign && S.Var >= 0 && S.Path.empty() &&
           !S.LValue && !S.Grow && !S.Reshape && !S.Allocate;
  }

  /// The loop's body defines values from what it does not change (the
  /// reverse sweep recomputes them) and adds to sums; its step moves
  /// integer counters by constants; after it come assignments.
  bool checkShape() {
    const Stmt &L = IR.Body[Loop];
    if (!L.TestFirst || L.Counter < 0)
      return false;
    for (const Stmt &Def : L.Then) {
      if (!plainAssign(Def) || !IR.Vars[Def.Var].Type->isRealFloatingType() ||
          IR.Vars[Def.Var].K != Variable::Kind::Local)
        return false;
      if (Def.Recompute) {
        Defined.insert(IR.Vars[Def.Var].Name);
        ++Recomputed;
        if (!addReaders(Def.Var, DefinedReaders))
          return false;
      } else if (Def.Op == BO_AddAssign || Def.Op == BO_SubAssign) {
        if (!addReaders(Def.Var, SumReaders))
          return false;
      } else {
        return false;
      }
    }
    for (const Stmt &Step : L.Else) {
      if (!plainAssign(Step) || !IR.Vars[Step.Var].Type->isIntegerType() ||
          (Step.Op != BO_AddAssign && Step.Op != BO_SubAssign))
        return false;
      if (!addReaders(Step.Var, DefinedReaders))
        return false;
    }
    for (size_t I = Loop + 1; I < IR.Body.size(); ++I)
      if (!plainAssign(IR.Body[I]) || !addReaders(IR.Body[I].Var, TailReaders))
        return false;
    return true;
  }

  /// Adds the names through which code reads variable V (itself, pointers
  /// into it); false if its address is kept where no variable shows it.
  bool addReaders(int V, llvm::StringSet<> &Names) const {
    if (Pointers.isStored(V))
      return false;
    for (int R : Pointers.readersOf(V))
      Names.insert(IR.Vars[R].Name);
    return true;
  }

  static bool mentionsAny(llvm::ArrayRef<std::string> L,
                          const llvm::StringSet<> &Names) {
    return llvm::any_of(L, [&](const std::string &Line) {
      return llvm::any_of(identifiers(Line), [&](llvm::StringRef Name) {
        return Names.count(Name);
      });
    });
  }

  /// Finds the loop's lines in both sweeps (AdjointEmitter writes a
  /// counted loop as `n = 0; while (c) { body step ++n; } push(n)` and
  /// `for (n = pop; n > 0; --n) { inverse steps, recomputed values, body
  /// }`, and one it counts back without n as `while (c) { body step }` and
  /// countedLoopHeader's lines, then the same); none may use the tape.
  bool splitText() {
    const Stmt &L = IR.Body[Loop];
    std::string While = "while (" + L.Cond + ") {";
    bool Counted = !L.CountedFromText.empty();
    int Header = -1, Body = -1; // the reverse loop's first line and body's
    if (Counted) {
      // (The last loop at the top level: the last such line of the forward
      // sweep, the first of the reverse sweep.)
      Lines Opening = countedLoopHeader(IR, L);
      ForwardBegin = lastAtTopLevel(S.Forward, While);
      Header = lineIndex(S.Reverse, Opening.front());
      if (ForwardBegin < 0 || Header < 0 ||
          S.Reverse.size() < Header + Opening.size() ||
          !std::equal(Opening.begin(), Opening.end(),
                      S.Reverse.begin() + Header))
        return false;
      ForwardEnd = closingLine(S.Forward, ForwardBegin);
      ForwardAfter = ForwardEnd + 1;
      Body = Header + int(Opening.size());
    } else {
      const std::string &N = IR.Vars[L.Counter].Name;
      ForwardBegin = lineIndex(S.Forward, N + " = 0;");
      Header = lineIndex(S.Reverse, "for (" + N + " = _tape.pop<long>(); " + N +
                                        " > 0; --" + N + ") {");
      if (ForwardBegin < 0 || Header < 0 ||
          size_t(ForwardBegin) + 1 >= S.Forward.size() ||
          S.Forward[ForwardBegin + 1] != While)
        return false;
      ForwardEnd = closingLine(S.Forward, ForwardBegin + 1);
      ForwardAfter = ForwardEnd + 2;
      Body = Header + 1;
      if (ForwardEnd < 0 || size_t(ForwardAfter) > S.Forward.size() ||
          S.Forward[ForwardEnd + 1] != "_tape.push(" + N + ");" ||
          S.Forward[ForwardEnd - 1] != "++" + N + ";")
        return false;
    }
    ReverseBegin = Header;
    ReverseEnd = closingLine(S.Reverse, Body - 1);
    // The body and step, without `while (c) {`, `}` and a count's lines.
    int First = Counted ? ForwardBegin + 1 : ForwardBegin + 2;
    int Last = Counted ? ForwardEnd - 1 : ForwardEnd - 2;
    size_t Steps = L.Else.size();
    if (ForwardEnd < 0 || ReverseEnd < 0 || Last + 1 - First < int(Steps) ||
        size_t(ReverseEnd - Body) < Steps + Recomputed)
      return false;
    llvm::ArrayRef<std::string> F(S.Forward);
    llvm::ArrayRef<std::string> R(S.Reverse);
    F = F.slice(First, Last + 1 - First);
    R = R.slice(Body, ReverseEnd - Body);
    BodyF = F.drop_back(Steps);
    StepF = F.take_back(Steps);
    llvm::ArrayRef<std::string> Recomputes = R.slice(Steps, Recomputed);
    BodyR = R.drop_front(Steps + Recomputed);
    // (The recomputed values are the ones the body just computed.)
    return !mentionsTape(F) && !mentionsTape(R) &&
           llvm::all_of(Recomputes, [&](const std::string &Line) {
             return llvm::is_contained(BodyF, Line);
           });
  }

  /// The reverse body only declares temporaries and updates adjoints. The
  /// iterations are independent when every adjoint they both read and
  /// change is one of a value the iteration defines, which it reads after
  /// its uses added to it and then zeroes; the others are either only read
  /// (a sum's, the same in every iteration) or only added to.
  bool checkAdjoints() {
    llvm::StringSet<> Read, Changed, Zeroed;
    for (const std::string &Line : BodyR) {
      llvm::StringRef T = llvm::StringRef(Line).trim();
      if (T == "{" || T == "}")
        continue;
      if (!T.consume_back(";"))
        return false;
      size_t Op = T.find(" += "), Width = 4;
      if (Op == llvm::StringRef::npos)
        Op = T.find(" -= ");
      if (Op == llvm::StringRef::npos)
        Op = T.find(" = "), Width = 3;
      if (Op == llvm::StringRef::npos)
        return false;
      llvm::StringRef Target = T.take_front(Op),
                      Value = T.drop_front(Op + Width);
      llvm::SmallVector<llvm::StringRef, 8> Names = identifiers(Target);
      if (Names.empty())
        return false;
      if (Names[0].starts_with("_d_")) {
        // `_d_x[i] += v`, `_d_a = 0`: an adjoint changed.
        Changed.insert(Names[0]);
        if (Width == 3 && Value == "0" && Target == Names[0])
          Zeroed.insert(Names[0]);
        for (llvm::StringRef Name : llvm::ArrayRef(Names).drop_front())
          Read.insert(Name);
      } else if (Width != 3 || Names.size() < 2 ||
                 !Names.back().starts_with("_t")) {
        // (Only `double _t3 = ...`: a temporary declared.)
        return false;
      }
      for (llvm::StringRef Name : identifiers(Value))
        Read.insert(Name);
    }
    for (const auto &Entry : Changed) {
      llvm::StringRef A = Entry.getKey();
      if (!Read.count(A))
        continue;
      if (!Zeroed.count(A) || !Defined.count(A.drop_front(3)))
        return false;
    }
    return true;
  }

  /// What the reverse body reads of the primal is what the iteration
  /// defined, its counters, or what the loop does not change (not a sum,
  /// which it reads whole only after the loop); so it reads the same right
  /// after the forward body as in the reverse sweep.
  bool checkPrimalReads() const { return !mentionsAny(BodyR, SumReaders); }

  /// The statements after the loop pass the sum on: their reverse sweep
  /// reads no value the loop or they compute, nor the adjoint of a value
  /// an iteration defines (the last one's), so it can run first and give
  /// the sum its adjoint before the loop.
  bool checkTail() const {
    llvm::ArrayRef<std::string> TailR =
        llvm::ArrayRef(S.Reverse).take_front(ReverseBegin);
    llvm::ArrayRef<std::string> TailF =
        llvm::ArrayRef(S.Forward).drop_front(ForwardAfter);
    llvm::StringSet<> Shadows;
    for (const auto &Name : Defined)
      Shadows.insert(ExprPrinter::shadowName(Name.getKey()));
    return !mentionsTape(TailR) && !mentionsTape(TailF) &&
           !mentionsAny(TailR, SumReaders) &&
           !mentionsAny(TailR, DefinedReaders) &&
           !mentionsAny(TailR, TailReaders) && !mentionsAny(TailR, Shadows);
  }

  /// The reverse sweep of what comes before the loop sees the counters and
  /// defined values where the last iteration left them, not where the
  /// reverse loop would have: it must not read them.
  bool checkAfter() const {
    return !mentionsAny(llvm::ArrayRef(S.Reverse).drop_front(ReverseEnd + 1),
                        DefinedReaders);
  }

  const FunctionIR &IR;
  const PointerTargets &Pointers;
  const Sweeps &S;
  int Loop = -1;
  unsigned Recomputed = 0;
  /// The values an iteration defines; who reads them, the counters, the
  /// sums and what the statements after the loop assign.
  llvm::StringSet<> Defined, DefinedReaders, SumReaders, TailReaders;
  /// The loop's lines: its first, its closing one and the first after it
  /// in the forward sweep; its first and closing one in the reverse sweep.
  int ForwardBegin = -1, ForwardEnd = -1, ForwardAfter = -1;
  int ReverseBegin = -1, ReverseEnd = -1;
  llvm::ArrayRef<std::string> BodyF, StepF, BodyR;
};

} // namespace

std::optional<Lines> fuseSumLoop(const FunctionIR &IR,
                                 const PointerTargets &Pointers,
                                 const Sweeps &S, const Lines &Seed) {
  return SumLoopFusion(IR, Pointers, S).run(Seed);
}

} // namespace ddx
