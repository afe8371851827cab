// The loops of Cilk Plus graphics code: `_Cilk_for` recognised, canonical loop headers parsed, nests collected, and
// the rectangularity every nest must have.
#include "Analysis/GfxLoops.h"

#include "Analysis/Diagnostics.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ampcc {

bool isCilkFor(const ForStmt *For, const ASTContext &Ctx, bool *ThreadGroup) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = For->getForLoc();
  if (!Loc.isMacroID() || Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts()) != "_Cilk_for")
    return false;
  if (ThreadGroup) {
    SourceLocation Kw = SM.getExpansionRange(Loc).getEnd();
    std::optional<Token> Next = Lexer::findNextToken(Kw, SM, Ctx.getLangOpts());
    *ThreadGroup = Next && Next->is(tok::raw_identifier) && Next->getRawIdentifier() == "_Thread_group";
  }
  return true;
}

const VarDecl *loopVariable(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

bool parseGfxLoop(const ForStmt *For, GfxLoop &L) {
  L.For = For;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    const auto *VD = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!VD || !VD->getInit() || !VD->getType()->isIntegerType())
      return false;
    L.Var = VD;
    L.Init = VD->getInit();
    L.Declared = true;
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(For->getInit())) {
    if (BO->getOpcode() != BO_Assign || !loopVariable(BO->getLHS()) ||
        !loopVariable(BO->getLHS())->getType()->isIntegerType())
      return false;
    L.Var = loopVariable(BO->getLHS());
    L.Init = BO->getRHS();
  } else {
    return false;
  }
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || loopVariable(Cond->getLHS()) != L.Var)
    return false;
  L.Cmp = Cond->getOpcode();
  if (L.Cmp != BO_LT && L.Cmp != BO_LE && L.Cmp != BO_GT && L.Cmp != BO_GE && L.Cmp != BO_NE)
    return false;
  L.Bound = Cond->getRHS();
  const Expr *Inc = For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (!UO->isIncrementDecrementOp() || loopVariable(UO->getSubExpr()) != L.Var)
      return false;
    L.Down = UO->isDecrementOp();
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (loopVariable(CA->getLHS()) != L.Var || (CA->getOpcode() != BO_AddAssign && CA->getOpcode() != BO_SubAssign))
      return false;
    L.Step = CA->getRHS();
    L.Down = CA->getOpcode() == BO_SubAssign;
  } else {
    return false;
  }
  return true;
}

namespace {
// The loop's body without a compound statement of one statement around it.
const Stmt *single(const Stmt *S) {
  while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    if (CS->size() != 1)
      return S;
    S = CS->body_front();
  }
  return S;
}
} // namespace

GfxNest collectNest(const ForStmt *For, const ASTContext &Ctx, bool ThreadGroup) {
  GfxNest N;
  while (true) {
    GfxLoop L;
    L.For = For;
    parseGfxLoop(For, L);
    N.Loops.push_back(L);
    N.Body = For->getBody();
    const auto *Inner = dyn_cast_or_null<ForStmt>(single(For->getBody()));
    bool TG = false;
    if (!Inner || !isCilkFor(Inner, Ctx, &TG) || TG != ThreadGroup)
      return N;
    For = Inner;
  }
}

bool constantTripCount(const GfxLoop &L, const ASTContext &Ctx, long long &N) {
  Expr::EvalResult A, B, S;
  if (!L.Init || !L.Bound || !L.Init->EvaluateAsInt(A, Ctx) || !L.Bound->EvaluateAsInt(B, Ctx))
    return false;
  long long Step = 1;
  if (L.Step) {
    if (!L.Step->EvaluateAsInt(S, Ctx))
      return false;
    Step = S.Val.getInt().getExtValue();
  }
  long long a = A.Val.getInt().getExtValue(), b = B.Val.getInt().getExtValue();
  if (Step <= 0)
    return false;
  long long Span = L.Down ? a - b : b - a;
  if (L.Cmp == BO_LE || L.Cmp == BO_GE)
    Span += 1;
  N = Span > 0 ? (Span + Step - 1) / Step : 0;
  return true;
}

const DeclRefExpr *firstReferenceTo(const Stmt *S, const std::set<const VarDecl *> &Vars) {
  if (!S)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && Vars.count(dyn_cast<VarDecl>(DRE->getDecl())))
    return DRE;
  for (const Stmt *C : S->children())
    if (const DeclRefExpr *R = firstReferenceTo(C, Vars))
      return R;
  return nullptr;
}

void checkRectangularNest(const GfxNest &N, DiagnosticsEngine &D, llvm::StringRef What) {
  std::set<const VarDecl *> Outer;
  for (const GfxLoop &L : N.Loops) {
    if (!L.Var)
      return;
    for (const Expr *E : {L.Init, L.Bound, L.Step})
      if (const DeclRefExpr *R = firstReferenceTo(E, Outer)) {
        error(D, R->getLocation(),
              "non-rectangular %0 nest: the bounds of a loop cannot use '%1', the variable of an enclosing loop of "
              "the same nest")
            << What << R->getDecl()->getName();
        return;
      }
    Outer.insert(L.Var);
  }
}

GfxNest collectCheckedNest(const ForStmt *First, const ASTContext &Ctx, bool ThreadGroup, DiagnosticsEngine &D,
                           const GfxNestWords &Words) {
  GfxNest N = collectNest(First, Ctx, ThreadGroup);
  for (const GfxLoop &L : N.Loops)
    if (!L.Var || !L.Declared)
      error(D, L.For->getForLoc(),
            "a %0 loop must be in canonical form: 'for (int v = a; v < b; v += step)' (or <=, >, >=, !=, ++, --, -=)")
          << Words.Loop;
  if (N.Loops.size() > 3)
    error(D, N.Loops[3].For->getForLoc(),
          "%0 nest can have at most 3 loops (%1 form a grid of up to 3 dimensions); this is loop %2")
        << Words.Nest << Words.Grid << static_cast<unsigned>(4);
  checkRectangularNest(N, D, Words.Rectangular);
  return N;
}

} // namespace ampcc
