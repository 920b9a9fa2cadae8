//===- ZeroAdjoints.cpp ---------------------------------------------------===//
#include "Emit/ZeroAdjoints.h"
#include "Support/ExprPrinter.h"
#include "Support/Spelling.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include <algorithm>

namespace ddx {
namespace {

/// A line of generated code by what its braces do to the block structure.
enum class Shape { Statement, Open, Else, Close, Unknown };

Shape shapeOf(llvm::StringRef Line) {
  std::string Braces;
  forEachBrace(Line, [&](char B) { Braces += B; });
  int Depth = 0, Lowest = 0;
  for (char B : Braces)
    Lowest = std::min(Lowest, Depth += B == '{' ? 1 : -1);
  if (Braces == "}{")
    return Line.trim().starts_with("} else") ? Shape::Else : Shape::Unknown;
  if (Depth == 0 && Lowest == 0)
    return Shape::Statement; // (a lambda on one line: its braces balance)
  if (Braces == "{")
    return Shape::Open;
  if (Braces == "}")
    return Shape::Close;
  return Shape::Unknown;
}

/// The block structure of a sweep: statements, plain blocks, branches and
/// loops. Any other block (a lambda's body, a do-while) is Opaque: it may
/// run any number of times, at any point.
struct Node {
  enum Kind { Statement, Block, Branch, Loop, Opaque } K = Statement;
  size_t Line = 0; ///< the statement, or the line that opens the block
  std::vector<std::vector<Node>> Arms; ///< a branch's arms, else one
  bool HasElse = false;                ///< a branch's last arm is an else
};

Node::Kind nodeKind(llvm::StringRef Header) {
  switch (blockKind(Header)) {
  case BlockKind::Plain:
    return Node::Block;
  case BlockKind::Branch:
    return Node::Branch;
  case BlockKind::Loop:
    return Node::Loop;
  case BlockKind::Else: // (`else {` alone on a line: not followed)
  case BlockKind::Other:
    return Node::Opaque;
  }
  return Node::Opaque;
}

class StructureParser {
public:
  explicit StructureParser(const Lines &Body) : Body(Body) {}

  /// The top-level sequence, or nothing for text whose braces it cannot
  /// follow.
  std::optional<std::vector<Node>> parse() {
    std::vector<Node> Top;
    if (!sequence(Top) || At != Body.size())
      return std::nullopt;
    return Top;
  }

private:
  /// Reads nodes up to (not past) the next Else or Close line.
  bool sequence(std::vector<Node> &Out) {
    while (At < Body.size()) {
      Shape S = shapeOf(Body[At]);
      if (S == Shape::Unknown)
        return false;
      if (S == Shape::Else || S == Shape::Close)
        return true;
      Node N;
      N.Line = At++;
      if (S == Shape::Open && !block(N))
        return false;
      Out.push_back(std::move(N));
    }
    return true;
  }

  /// Reads the arms of the block N opens, through its closing line.
  bool block(Node &N) {
    N.K = nodeKind(Body[N.Line]);
    do {
      N.Arms.emplace_back();
      if (!sequence(N.Arms.back()) || At == Body.size())
        return false;
      if (shapeOf(Body[At]) == Shape::Else) {
        if (N.K != Node::Branch)
          return false;
        // (`} else if (c) {` opens an arm like `} else {`, but the chain
        // may still fall through.)
        llvm::StringRef Rest =
            llvm::StringRef(Body[At]).trim().drop_front(6).ltrim();
        N.HasElse =
            !(Rest.starts_with("if") &&
              !(Rest.size() > 2 && (llvm::isAlnum(Rest[2]) || Rest[2] == '_')));
      }
    } while (shapeOf(Body[At++]) == Shape::Else);
    return true;
  }

  const Lines &Body;
  size_t At = 0;
};

/// `Name Op Value;`: an assignment to a whole variable.
struct Update {
  llvm::StringRef Name, Op, Value;
};

std::optional<Update> updateOf(llvm::StringRef Line) {
  Line = Line.trim();
  if (!Line.consume_back(";"))
    return std::nullopt;
  for (llvm::StringRef Op : {" = ", " += ", " -= "}) {
    auto [Target, Value] = Line.split(Op);
    if (Value.size() + Target.size() + Op.size() == Line.size() &&
        llvm::all_of(Target,
                     [](char C) { return llvm::isAlnum(C) || C == '_'; }) &&
        !Target.empty())
      return Update{Target, Op.trim(), Value};
  }
  return std::nullopt;
}

/// Whether Line, `lhs = rhs;`, mentions Name only as a value rhs reads:
/// rhs assigns nothing, takes no address and calls nothing (a copy
/// `double _t1 = _d_a;`, a sum of such values).
bool readsOnly(llvm::StringRef Line, llvm::StringRef Name,
               const llvm::StringMap<unsigned> &Adjoints) {
  auto [Lhs, Rhs] = Line.trim().split(" = ");
  // (lhs declares a floating-point number, or is a followed adjoint: no
  // class whose constructor could keep a reference.)
  llvm::SmallVector<llvm::StringRef, 8> Words = identifiers(Lhs);
  bool Number = Words.size() == 1
                    ? Lhs == Words[0] && Adjoints.contains(Words[0])
                    : Words.size() > 1 && Lhs.str() == llvm::join(Words, " ") &&
                          llvm::all_of(llvm::ArrayRef(Words).drop_back(),
                                       [](llvm::StringRef W) {
                                         return W == "const" || W == "double" ||
                                                W == "float" || W == "long";
                                       });
  return !Rhs.empty() && !Line.contains('\n') && Number &&
         !llvm::is_contained(Words, Name) &&
         Rhs.find_first_of("=&([.{") == llvm::StringRef::npos &&
         !Rhs.contains("++") && !Rhs.contains("--");
}

class ZeroAdjoints {
public:
  ZeroAdjoints(Lines &Body, const FunctionIR &IR) : Body(Body) {
    for (unsigned V = IR.NumParams; V < IR.Vars.size(); ++V) {
      const Variable &Var = IR.Vars[V];
      if (!Var.isAlias() && Var.K != Variable::Kind::Param &&
          Var.Type.getCanonicalType()->isRealFloatingType())
        Index.try_emplace(ExprPrinter::shadowName(Var.Name), Index.size());
    }
    Followed.resize(Index.size(), true);
  }

  void run() {
    if (Index.empty() || jumps())
      return;
    std::optional<std::vector<Node>> Top = StructureParser(Body).parse();
    if (!Top)
      return;
    // (Nothing but a plain statement may name a followed adjoint: not a
    // loop's test, an else-if's condition, nor a do-while's.)
    for (const std::string &Line : Body)
      if (shapeOf(Line) != Shape::Statement)
        for (llvm::StringRef Name : identifiers(Line))
          if (auto It = Index.find(Name); It != Index.end())
            Followed.reset(It->second);
    for (const Node &N : *Top)
      dropUnfollowed(N, /*InOpaque=*/false);
    if (Followed.none())
      return;
    // (Every local's adjoint is declared zero before the body.)
    llvm::BitVector Zero = Followed;
    sequence(*Top, Zero, /*Rewrite=*/true);
  }

private:
  /// Whether control leaves a block other than at its end: the state at a
  /// break or continue would join the loop's, which this pass does not
  /// track.
  bool jumps() const {
    return llvm::any_of(Body, [](const std::string &Line) {
      return llvm::any_of(identifiers(Line), [](llvm::StringRef Name) {
        return Name == "break" || Name == "continue" || Name == "goto" ||
               Name == "switch";
      });
    });
  }

  /// Stops following an adjoint that a line may reach other than by name
  /// (a call argument, an address, a reference), or inside an opaque
  /// block.
  void dropUnfollowed(const Node &N, bool InOpaque) {
    InOpaque |= N.K == Node::Opaque;
    llvm::StringRef Line = Body[N.Line];
    std::optional<Update> U = updateOf(Line);
    bool TargetSeen = false;
    for (llvm::StringRef Name : identifiers(Line)) {
      auto It = Index.find(Name);
      if (It == Index.end())
        continue;
      bool AsTarget = U && U->Name == Name && !TargetSeen;
      TargetSeen |= AsTarget;
      bool Ok = N.K == Node::Statement && !InOpaque &&
                (AsTarget ? !llvm::is_contained(identifiers(U->Value), Name)
                          : readsOnly(Line, Name, Index));
      if (!Ok)
        Followed.reset(It->second);
    }
    for (const auto &Arm : N.Arms)
      for (const Node &Inner : Arm)
        dropUnfollowed(Inner, InOpaque);
  }

  void sequence(const std::vector<Node> &Nodes, llvm::BitVector &Zero,
                bool Rewrite) {
    for (const Node &N : Nodes)
      node(N, Zero, Rewrite);
  }

  void node(const Node &N, llvm::BitVector &Zero, bool Rewrite) {
    switch (N.K) {
    case Node::Statement:
      return statement(Body[N.Line], Zero, Rewrite);
    case Node::Block:
      return sequence(N.Arms.front(), Zero, Rewrite);
    case Node::Opaque:
      return; // (mentions nothing followed)
    case Node::Branch: {
      llvm::BitVector Joined = Zero;
      if (N.HasElse)
        Joined.set();
      for (const auto &Arm : N.Arms) {
        llvm::BitVector InArm = Zero;
        sequence(Arm, InArm, Rewrite);
        Joined &= InArm;
      }
      Zero = Joined;
      return;
    }
    case Node::Loop: {
      // The state at the loop's test: what holds on entry and after every
      // iteration (a fixed point, from above).
      for (;;) {
        llvm::BitVector After = Zero;
        sequence(N.Arms.front(), After, /*Rewrite=*/false);
        After &= Zero;
        if (After == Zero)
          break;
        Zero = After;
      }
      llvm::BitVector InBody = Zero;
      sequence(N.Arms.front(), InBody, Rewrite);
      return;
    }
    }
  }

  void statement(std::string &Line, llvm::BitVector &Zero, bool Rewrite) {
    std::optional<Update> U = updateOf(Line);
    if (!U)
      return;
    auto It = Index.find(U->Name);
    if (It == Index.end() || !Followed[It->second])
      return;
    unsigned I = It->second;
    if (U->Op == "+=" && Zero[I] && Rewrite) {
      std::string Indent =
          Line.substr(0, Line.size() - llvm::StringRef(Line).ltrim().size());
      Line = Indent + U->Name.str() + " = " + U->Value.str() + ";";
    }
    Zero[I] = U->Op == "=" && U->Value == "0";
  }

  Lines &Body;
  llvm::StringMap<unsigned> Index;
  llvm::BitVector Followed;
};

} // namespace

void assignIntoZeroAdjoints(Lines &Body, const FunctionIR &IR) {
  ZeroAdjoints(Body, IR).run();
}

} // namespace ddx
