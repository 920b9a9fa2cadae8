//===- AdjointEmitter.h - reverse-mode statements ---------------*- C++ -*-===//
//
// Emits both sweeps of reverse mode for a block. The forward sweep runs the
// primal and pushes to the tape what the reverse sweep needs: overwritten
// values, the branch each if took and each loop's trip count. The reverse
// sweep walks the statements backwards, restoring each overwritten value
// before it propagates the adjoint of the statement that overwrote it, so
// every adjoint sees the primal values of its own statement.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_EMIT_ADJOINTEMITTER_H
#define DDX_EMIT_ADJOINTEMITTER_H

#include "Emit/EmitContext.h"

namespace ddx {

struct Sweeps {
  Lines Forward;
  Lines Reverse; ///< in execution order (already reversed)
};

/// The reverse sweep's first lines for a counted loop (Stmt::CountedFromText):
/// the counter set where the loop ended, when its test says, and
/// `while (v > from) {`, its inverse step coming next.
Lines countedLoopHeader(const FunctionIR &IR, const Stmt &Loop);

class AdjointEmitter {
public:
  explicit AdjointEmitter(EmitContext &C) : C(C) {}

  Sweeps emit(const Block &B);
  /// Adds Seed times the derivative of E to the adjoints of what E reads.
  void accumulate(const clang::Expr *E, const std::string &Seed, Lines &Out);
  /// Where a callee adds the adjoint of its argument E: the shadow of an
  /// active floating-point variable itself, or a temporary (declared into
  /// Decls, of the floating type of the callee's parameter Param when
  /// given) whose value is then accumulated into what E reads (into After).
  std::string adjointSlot(const clang::Expr *E, Lines &Decls, Lines &After,
                          clang::QualType Param = clang::QualType());

  /// Memory a call left as primal code may change that the forward sweep
  /// cannot save (the caller's, through a pointer parameter; memory a
  /// call returned; a variable the tape cannot hold). Harmless unless the
  /// reverse sweep reads it, which only the finished sweep tells.
  struct UnsavedWrite {
    int Target; ///< a PointerTarget
    const clang::CallExpr *Call;
    clang::QualType Written; ///< what is written there, if known
  };
  const std::vector<UnsavedWrite> &unsavedWrites() const { return Unsaved; }
  /// Whether a primal call's write that the sweeps save and restore is to
  /// memory outside the function (a reference parameter's, a global): the
  /// primal must run again after the reverse sweep to leave it as a call
  /// would.
  bool savesOutside() const { return SavesOutside; }

private:
  Sweeps emitStmt(const Stmt &S);
  Sweeps emitAssign(const Stmt &S);
  /// An Allocate statement (see Stmt::Allocate).
  Sweeps emitAllocation(const Stmt &S);
  /// A Free statement (see Stmt::Free).
  Sweeps emitSmartAssign(const Stmt &S);
  Sweeps emitFree(const Stmt &S);
  /// A Memory statement (see Stmt::Memory).
  Sweeps emitMemoryCall(const Stmt &S);
  /// A Reshape statement of erase, insert, emplace or assign.
  Sweeps emitShapeCall(const Stmt &S, bool Varied);
  Sweeps emitCall(const Stmt &S);
  /// The variables through which memory a call changes can be read (the
  /// variables themselves, pointers into them). A value argument reading
  /// one of them (`upd(st, st + x)` with `double &st`) must not be
  /// evaluated again by the reverse sweep.
  llvm::SmallVector<int, 8> readersOfChanges(const clang::CallExpr *Call) const;
  /// Whether E reads one of Vars.
  bool readsAny(const clang::Stmt *E, llvm::ArrayRef<int> Vars) const;
  /// Saves, around S's forward code, the variables that calls left as
  /// primal code in E change through their arguments (`bump(k)`,
  /// `frexp(x, &e)`): the reverse sweep may read them.
  Sweeps savingPrimalWrites(const clang::Expr *E, Sweeps S);
  std::string bind(const clang::Expr *E, const std::string &Value, Lines &Out);
  /// accumulate, with each scalar adjoint's terms gathered (Terms) rather
  /// than added one by one.
  void accumulateTerms(const clang::Expr *E, const std::string &Seed,
                       Lines &Out);
  /// Dst += Src for an adjoint of type T: gathered when a scalar, so that
  /// an expression's adjoint stores into each shadow once (`_d_x += _t1 +
  /// _t4;`). Stores through a shadow reference one at a time make the
  /// compiler read the primal again after each (they might alias), and
  /// chain each store to the next.
  void addTerm(clang::QualType T, const std::string &Dst,
               const std::string &Src, Lines &Out);
  /// Writes the gathered sums: before any control flow, and at the end of
  /// the outermost accumulate.
  void flushTerms(Lines &Out);
  /// accumulate of a product in which a factor with a derivative occurs
  /// more than once (`x * x * x`): each distinct factor gets one adjoint,
  /// its power's. False, with nothing written, for other products.
  bool accumulatePowers(const clang::BinaryOperator *Product,
                        const std::string &Seed, Lines &Out);
  void accumulateRule(const clang::CallExpr *Call, const std::string &Rule,
                      const std::string &Seed, Lines &Out);

  void recordUnsaved(int Target, const clang::CallExpr *Call,
                     clang::QualType Written);

  EmitContext &C;
  std::vector<UnsavedWrite> Unsaved;
  bool SavesOutside = false;
  unsigned LoopDepth = 0;
  /// Whether an accumulate is under way (its recursion gathers), and the
  /// scalar terms it gathered, each adjoint's in the order first reached.
  bool Gathering = false;
  llvm::SmallVector<std::pair<std::string, std::string>, 4> Terms;
  /// The forward code of what ran before the statement being emitted.
  Lines Before;
};

} // namespace ddx

#endif // DDX_EMIT_ADJOINTEMITTER_H
