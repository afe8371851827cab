// The loops of Cilk Plus graphics code: `_Cilk_for` nests in canonical form (GfxLoops.cpp).
#ifndef AMPCC_ANALYSIS_GFXLOOPS_H
#define AMPCC_ANALYSIS_GFXLOOPS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <set>
#include <vector>

namespace ampcc {

// A loop in canonical form: `for (T v = Init; v <op> Bound; v += Step)` (or ++, --, -=).
struct GfxLoop {
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *Var = nullptr;
  bool Declared = false;                                                // the loop declares its variable
  const clang::Expr *Init = nullptr, *Bound = nullptr, *Step = nullptr; // Step null: 1
  clang::BinaryOperatorKind Cmp = clang::BO_LT;
  bool Down = false; // the variable decreases
};

// A perfect nest of _Cilk_for loops and the body of its innermost loop.
struct GfxNest {
  std::vector<GfxLoop> Loops;
  const clang::Stmt *Body = nullptr;
};

// Whether For is written `_Cilk_for` (and ThreadGroup: followed by `_Thread_group`).
bool isCilkFor(const clang::ForStmt *For, const clang::ASTContext &Ctx, bool *ThreadGroup = nullptr);
// Parses a loop header in canonical form; false if it is not.
bool parseGfxLoop(const clang::ForStmt *For, GfxLoop &L);
// The perfect nest of _Cilk_for loops starting at For.
GfxNest collectNest(const clang::ForStmt *For, const clang::ASTContext &Ctx, bool ThreadGroup);

// The variable E names (through parentheses and implicit casts), or null.
const clang::VarDecl *loopVariable(const clang::Expr *E);
// The loop's trip count, when its bounds and step are constants.
bool constantTripCount(const GfxLoop &L, const clang::ASTContext &Ctx, long long &N);
// The first reference in S to one of Vars, or null.
const clang::DeclRefExpr *firstReferenceTo(const clang::Stmt *S, const std::set<const clang::VarDecl *> &Vars);
// Reports a loop of a nest whose bounds or step use the variable of an enclosing loop of the same nest: the
// iteration space of a nest is mapped onto a rectangular grid. What names the nest in the error.
void checkRectangularNest(const GfxNest &N, clang::DiagnosticsEngine &D, llvm::StringRef What);

// How the errors of collectCheckedNest speak of a first-level nest: its loops ("'_Cilk_for'"), the nest in the limit's
// message ("an offloaded '_Cilk_for'") and what forms its grid ("its iterations"), and the nest in the rectangularity
// error (checkRectangularNest's What).
struct GfxNestWords {
  const char *Loop, *Nest, *Grid, *Rectangular;
};
// The nest of _Cilk_for loops at First (collectNest), with the rules every first-level nest keeps reported: each loop
// in canonical form, at most 3 loops (a grid of up to 3 dimensions), rectangular.
GfxNest collectCheckedNest(const clang::ForStmt *First, const clang::ASTContext &Ctx, bool ThreadGroup,
                           clang::DiagnosticsEngine &D, const GfxNestWords &Words);

} // namespace ampcc

#endif
