// The restrict(amp) rules on statements and expressions (see AmpStatementRules.h).
#include "Analysis/AmpStatementRules.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/AmpCode.h"

#include <set>

using namespace clang;

namespace ampcc {
namespace {

class Checker : public AmpCodeVisitor<Checker> {
public:
  explicit Checker(ASTContext &Ctx) : AmpCodeVisitor(Ctx) {}

  // Unevaluated operands run nothing on the device: sizeof, alignof, decltype, noexcept, static_assert and
  // template arguments may name what amp code cannot use.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    return inAmp() || Base::TraverseUnaryExprOrTypeTraitExpr(E);
  }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *E) { return inAmp() || Base::TraverseCXXNoexceptExpr(E); }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc TL) { return inAmp() || Base::TraverseDecltypeTypeLoc(TL); }
  bool TraverseTypeOfExprTypeLoc(TypeOfExprTypeLoc TL) { return inAmp() || Base::TraverseTypeOfExprTypeLoc(TL); }
  bool TraverseStaticAssertDecl(StaticAssertDecl *D) { return inAmp() || Base::TraverseStaticAssertDecl(D); }
  bool TraverseTemplateArgumentLoc(const TemplateArgumentLoc &L) {
    return inAmp() || Base::TraverseTemplateArgumentLoc(L);
  }

  // Constructs amp code has no use for at all: reported at their start, and what they hold is not judged again.
  bool TraverseCXXTryStmt(CXXTryStmt *S) { return refused(S, AmpDiag::TryCatch) || Base::TraverseCXXTryStmt(S); }
  bool TraverseCXXThrowExpr(CXXThrowExpr *E) { return refused(E, AmpDiag::Throw) || Base::TraverseCXXThrowExpr(E); }
  bool TraverseCXXNewExpr(CXXNewExpr *E) { return refused(E, AmpDiag::New) || Base::TraverseCXXNewExpr(E); }
  bool TraverseCXXDeleteExpr(CXXDeleteExpr *E) { return refused(E, AmpDiag::Delete) || Base::TraverseCXXDeleteExpr(E); }
  bool TraverseCXXTypeidExpr(CXXTypeidExpr *E) { return refused(E, AmpDiag::Typeid) || Base::TraverseCXXTypeidExpr(E); }
  bool TraverseCXXDynamicCastExpr(CXXDynamicCastExpr *E) {
    return refused(E, AmpDiag::DynamicCast) || Base::TraverseCXXDynamicCastExpr(E);
  }
  bool TraverseGCCAsmStmt(GCCAsmStmt *S) { return refused(S, AmpDiag::InlineAssembly) || Base::TraverseGCCAsmStmt(S); }
  bool TraverseMSAsmStmt(MSAsmStmt *S) { return refused(S, AmpDiag::InlineAssembly) || Base::TraverseMSAsmStmt(S); }

  bool VisitGotoStmt(GotoStmt *S) {
    if (judged(S->getBeginLoc()))
      report(S->getBeginLoc(), AmpDiag::Goto);
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) {
    if (judged(S->getBeginLoc()))
      report(S->getBeginLoc(), AmpDiag::Goto);
    return true;
  }
  bool VisitLabelStmt(LabelStmt *S) {
    if (judged(S->getBeginLoc()))
      report(S->getBeginLoc(), AmpDiag::Label);
    return true;
  }

  // Calls go to one function known where the program is built: no virtual dispatch, no function pointers.
  bool VisitCallExpr(CallExpr *C) {
    const Expr *Callee = C->getCallee()->IgnoreParenImpCasts();
    Callees.insert(Callee);
    if (C->getDirectCallee() || isa<CXXPseudoDestructorExpr>(Callee) || !judged(C->getBeginLoc()))
      return true;
    report(C->getBeginLoc(), AmpDiag::CallThroughPointer);
    return true;
  }
  // C++ AMP defines no conversion of an index to int (v1.2, 4.1), nor the operators it would lend index<1>
  // (`i *= j`, `i < j`, `-i`: 4.1.4 lists those defined). ampcc's index<1> converts in amp code only to subscript an
  // array (Microsoft's overview indexes a captured array so); any other use is an error where the index stands.
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    Subscripts.insert(E->getIdx()->IgnoreImplicit());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    if (getBuiltinName(C->getMethodDecl()) == "index.to_int" && !Subscripts.count(C) &&
        judged(C->getExprLoc()))
      report(C->getExprLoc(), AmpDiag::IndexConversion);
    const CXXMethodDecl *MD = C->getMethodDecl();
    if (MD && MD->isVirtual() && judged(C->getExprLoc()))
      report(C->getExprLoc(), AmpDiag::VirtualCall) << MD->getName();
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (!judged(E->getLocation()))
      return true;
    // A function named other than as a call's callee is its address or a reference to it.
    if (isa<FunctionDecl>(E->getDecl())) {
      if (!Callees.count(E))
        report(E->getLocation(), AmpDiag::FunctionPointer);
      return true;
    }
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (!VD || !VD->hasGlobalStorage() || isTileStatic(VD) || declaredInAmpCode(VD) || !getBuiltinName(VD).empty() ||
        scalarConstant(E, Ctx))
      return true;
    report(E->getLocation(), AmpDiag::GlobalVariableUse)
        << (VD->isStaticLocal() || VD->isStaticDataMember() ? 1 : 0) << VD->getName();
    return true;
  }
  // `object.member` naming a static data member: its value, when that is a constant, or amp.h's own (a tiled
  // index's tile_extent), which the lowering knows.
  bool VisitMemberExpr(MemberExpr *ME) {
    auto *VD = dyn_cast<VarDecl>(ME->getMemberDecl());
    if (!VD || !judged(ME->getMemberLoc()) || !getBuiltinName(VD).empty() || scalarConstant(ME, Ctx) ||
        staticIntegralConstant(VD))
      return true;
    report(ME->getMemberLoc(), AmpDiag::StaticMemberUse) << VD->getName();
    return true;
  }

  // Static storage in amp code: a static or thread_local local, or a local extern declaration (tile_static is the
  // storage amp code shares).
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->isLocalVarDecl() && VD->hasGlobalStorage() && !isTileStatic(VD) && judged(VD->getLocation()))
      report(VD->getLocation(), AmpDiag::StaticVariable);
    return true;
  }

private:
  // Whether the rules judge code at Loc: amp code of the user's, not a template (its instantiations are).
  bool judged(SourceLocation Loc) const { return inAmp() && userCode(Loc) && !CurrentFunction->isDependentContext(); }

  // Reports S as refused; false when S is not judged here.
  bool refused(Stmt *S, AmpDiag Which) {
    if (!judged(S->getBeginLoc()))
      return false;
    report(S->getBeginLoc(), Which);
    return true;
  }

  // A static local of an amp function, reported at its declaration (VisitVarDecl) and not again at each use.
  static bool declaredInAmpCode(const VarDecl *VD) {
    const auto *Fn = dyn_cast<FunctionDecl>(VD->getLexicalDeclContext());
    return VD->isLocalVarDecl() && Fn && isAmpCallable(Fn);
  }

  std::set<const Expr *> Subscripts; // the subscripts of built-in arrays, where index<1> converts to int
  std::set<const Expr *> Callees; // the callees of the calls seen, which name their function legitimately
};

} // namespace

void checkAmpStatementRules(ASTContext &Ctx) { Checker(Ctx).TraverseDecl(Ctx.getTranslationUnitDecl()); }

} // namespace ampcc
