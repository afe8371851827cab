// The restrict rules on calls (see AmpCallRules.h).
#include "Analysis/AmpCallRules.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/AmpDiagnostics.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <vector>

using namespace clang;

namespace ampcc {
namespace {

bool isLambdaOperator(const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  return MD && MD->getParent()->isLambda();
}

bool hasExplicitRestriction(const FunctionDecl *FD) {
  for (const auto *A : FD->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation().starts_with("ampcc.restrict:"))
      return true;
  if (const FunctionDecl *P = FD->getTemplateInstantiationPattern())
    return hasExplicitRestriction(P);
  return false;
}

// Where a function may run. What the user wrote decides; implicit special members and defaulted functions
// take the restriction Sema inferred from their members; anything else is cpu.
Restriction restrictionOf(const FunctionDecl *FD) {
  if (hasExplicitRestriction(FD) || isLambdaOperator(FD))
    return getRestriction(FD); // a lambda without a specifier: its enclosing function's
  return FD->isImplicit() || FD->isDefaulted() ? semaRestriction(FD) : Restriction();
}

std::string describe(Restriction R) { return R.Cpu && R.Amp ? "restrict(cpu, amp)" : R.Amp ? "restrict(amp)" : "restrict(cpu)"; }

class Checker : public RecursiveASTVisitor<Checker> {
public:
  explicit Checker(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()), Diags(Ctx.getDiagnostics()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *FD) { return scoped(FD, [&] { return Base::TraverseFunctionDecl(FD); }); }
  bool TraverseCXXMethodDecl(CXXMethodDecl *FD) { return scoped(FD, [&] { return Base::TraverseCXXMethodDecl(FD); }); }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *FD) {
    return scoped(FD, [&] { return Base::TraverseCXXConstructorDecl(FD); });
  }
  bool TraverseCXXDestructorDecl(CXXDestructorDecl *FD) {
    return scoped(FD, [&] { return Base::TraverseCXXDestructorDecl(FD); });
  }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    return scoped(L->getCallOperator(), [&] { return Base::TraverseLambdaExpr(L); }, /*Lambda=*/true);
  }
  // Unevaluated operands call nothing.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc) { return true; }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *) { return true; }
  // A parameter's default argument is bound where the function is declared, not in its body: it is checked at
  // each call that uses it (VisitCXXDefaultArgExpr).
  bool TraverseParmVarDecl(ParmVarDecl *P) { return WalkUpFromParmVarDecl(P); }

  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *Callee = C->getDirectCallee()) {
      check(Callee, C->getExprLoc());
      checkFromCpu(Callee, C->getExprLoc());
    }
    CalleeRefs.insert(C->getCallee()->IgnoreParenImpCasts());
    return true;
  }
  // A function named other than as a call's callee (its address taken, a reference bound to it): cpu code has no
  // amp-only function to point to (amp code has no function pointers at all, which the lowering reports).
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *FD = dyn_cast<FunctionDecl>(E->getDecl());
    if (!FD || CalleeRefs.count(E) || (Caller && (CallerR.Amp || Caller->isDependentContext())) ||
        !user(E->getLocation()) || !hasExplicitRestriction(FD))
      return true;
    Restriction R = restrictionOf(FD);
    if (R.Amp && !R.Cpu && Reported.insert(SM.getExpansionLoc(E->getLocation()).getRawEncoding()).second) {
      diagnose(Diags, E->getLocation(), AmpDiag::AmpFunctionAddressInCpu) << FD->getNameAsString();
      diagnose(Diags, FD->getLocation(), AmpDiag::DeclaredAmp) << FD->getNameAsString();
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    check(C->getConstructor(), C->getLocation());
    return true;
  }
  // A local variable is destroyed where it is declared: in cpu code its destructor must be callable from the
  // cpu (Clang's own check of that implicit call is off for C++ AMP's wording, RestrictDiagnostics.cpp). An
  // implicit destructor has the restriction Sema inferred from the bases' and members' (MSVC's C3930).
  bool VisitVarDecl(VarDecl *VD) {
    if (!Caller || CallerR.Amp || Caller->isDependentContext() || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
        VD->getType()->isReferenceType() || !user(VD->getLocation()))
      return true;
    const CXXRecordDecl *RD = Ctx.getBaseElementType(VD->getType())->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || RD->isDependentContext())
      return true;
    const CXXDestructorDecl *D = RD->getDestructor();
    if (!D || D->isTrivial() || restrictionOf(D).Cpu || hasCpuTwin(D))
      return true;
    diagnose(Diags, VD->getLocation(), AmpDiag::AmpDestructorInCpu) << RD->getName();
    diagnose(Diags, D->isImplicit() ? RD->getLocation() : D->getLocation(), AmpDiag::DeclaredAmp)
        << D->getNameAsString();
    return true;
  }
  // C++ AMP binds a default argument's calls in the scope the function is declared in (cpu at namespace
  // scope, the enclosing function's restriction for a local class), and runs them at the call, in the
  // caller's context: they are checked against the caller and reported at the call.
  bool VisitCXXDefaultArgExpr(CXXDefaultArgExpr *D) {
    Restriction Scope; // cpu
    if (const auto *Fn = dyn_cast<FunctionDecl>(D->getParam()->getDeclContext()))
      if (const auto *Outer = dyn_cast_or_null<FunctionDecl>(Fn->getParentFunctionOrMethod()))
        Scope = restrictionOf(Outer);
    checkDefaultArgument(D->getExpr(), D->getUsedLocation(), Scope);
    return true;
  }

  bool VisitCXXRecordDecl(CXXRecordDecl *RD) {
    if (!RD->hasDefinition() || RD->isDependentContext() || !user(RD->getLocation()))
      return true;
    const CXXDestructorDecl *D = RD->getDestructor();
    if (!D || D->isImplicit() || D->isDefaulted() || restrictionOf(D).Amp)
      return true;
    for (const CXXConstructorDecl *C : RD->ctors())
      if (!C->isImplicit() && hasExplicitRestriction(C) && getRestriction(C).Amp) {
        diagnose(Diags, D->getLocation(), AmpDiag::DestructorNotAmp)
            << RD->getName() << SM.getExpansionLineNumber(C->getLocation());
        break;
      }
    return true;
  }

  // A call Sema refused in Caller at Loc: reported when the AST lost it (see checkAmpCallRules).
  void checkRefused(const FunctionDecl *Caller, SourceLocation Loc) {
    const FunctionDecl *Def = nullptr;
    // Implicit and defaulted special members have no code of the user's to lose: their members' special members
    // are judged by the rules above.
    if (!Caller || !Caller->hasBody(Def) || !Def || !user(Loc) || !user(Def->getLocation()) ||
        Def->isDependentContext() || Def->isImplicit() || Def->isDefaulted())
      return;
    Restriction R = restrictionOf(Def);
    // The body and a constructor's member initializers: a default argument's calls are the caller's
    // (VisitCXXDefaultArgExpr).
    std::vector<const Stmt *> Code = {Def->getBody()};
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten())
          Code.push_back(Init->getInit());
    if (!R.Amp || !llvm::any_of(Code, [&](const Stmt *S) { return S && contains(S->getSourceRange(), Loc); }) ||
        !lostAt(Code, Loc) ||
        !Reported.insert(SM.getExpansionLoc(Loc).getRawEncoding()).second)
      return;
    // The call's name when the location is one (`f(x)`); a conversion in a cast or an operator has none there.
    Token T;
    std::optional<Token> Next;
    if (!Lexer::getRawToken(SM.getSpellingLoc(Loc), T, SM, Ctx.getLangOpts()) && T.is(tok::raw_identifier))
      Next = Lexer::findNextToken(T.getLocation(), SM, Ctx.getLangOpts());
    if (Next && Next->is(tok::l_paren))
      diagnose(Diags, Loc, AmpDiag::CallNotAmp) << T.getRawIdentifier() << describe(R);
    else
      diagnose(Diags, Loc, AmpDiag::ImplicitCallNotAmp) << describe(R);
  }

  // Reports the calls of cpu-only functions that the restrict(cpu, amp) specializations make (check) in those that
  // amp code reaches: from every amp function but those specializations themselves (an amp-only function, a
  // restrict(cpu, amp) function that is no template's, a kernel), along the calls of amp code. A specialization
  // only cpu code calls is compiled for the cpu alone, as a template's instantiation is compiled for the uses it
  // has (C++ AMP's rule that a restrict(cpu, amp) function meets both restrictions holds where each side is used;
  // Clang's CUDA mode defers a __host__ __device__ function's device errors alike).
  void reportAmpSidesReached() {
    if (AmpSideCalls.empty())
      return;
    std::map<const FunctionDecl *, std::vector<const FunctionDecl *>> Graph;
    std::vector<const FunctionDecl *> Work;
    std::set<const FunctionDecl *> Reached;
    for (const Call &C : Calls) {
      const FunctionDecl *From = C.Caller->getCanonicalDecl();
      Graph[From].push_back(C.Callee->getCanonicalDecl());
      Restriction R = restrictionOf(C.Caller);
      if ((!R.Cpu || !C.Caller->getTemplateInstantiationPattern()) && Reached.insert(From).second)
        Work.push_back(From);
    }
    while (!Work.empty()) {
      const FunctionDecl *F = Work.back();
      Work.pop_back();
      for (const FunctionDecl *To : Graph[F])
        if (Reached.insert(To).second)
          Work.push_back(To);
    }
    for (const Call &C : AmpSideCalls)
      if (Reached.count(C.Caller->getCanonicalDecl()) &&
          Reported.insert(SM.getExpansionLoc(C.Loc).getRawEncoding()).second)
        reportNotAmp(C.Callee, C.Loc, restrictionOf(C.Caller));
  }

  // Reports each call of amp code that closes a cycle of calls (C++ AMP v1.2, 2.4.3: amp code cannot recurse;
  // a kernel's calls are inlined into it): every call whose callee reaches its caller again.
  void checkRecursion() {
    std::map<const FunctionDecl *, std::vector<const FunctionDecl *>> Graph;
    for (const Call &C : Calls)
      Graph[C.Caller->getCanonicalDecl()].push_back(C.Callee->getCanonicalDecl());
    std::map<const FunctionDecl *, unsigned> Component = stronglyConnectedComponents(Graph);
    for (const Call &C : Calls) {
      const FunctionDecl *From = C.Caller->getCanonicalDecl(), *To = C.Callee->getCanonicalDecl();
      if (Component[From] != Component[To] || !Reported.insert(SM.getExpansionLoc(C.Loc).getRawEncoding()).second)
        continue;
      diagnose(Diags, C.Loc, AmpDiag::RecursiveCall) << C.Callee->getQualifiedNameAsString();
    }
  }

private:
  using Base = RecursiveASTVisitor<Checker>;

  // Whether Loc lies in R, both taken where their macros expand.
  bool contains(SourceRange R, SourceLocation Loc) const {
    return R.isValid() && !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Loc), SM.getExpansionLoc(R.getBegin())) &&
           !SM.isBeforeInTranslationUnit(SM.getExpansionRange(R).getEnd(), SM.getExpansionLoc(Loc));
  }

  // Whether the AST of Code (a body, initializers) lost what is at Loc: Loc lies in an expression Sema replaced by
  // a RecoveryExpr, or in no expression and no variable declaration at all (a statement or an initializer
  // dropped whole).
  bool lostAt(llvm::ArrayRef<const Stmt *> Code, SourceLocation Loc) const {
    bool InRecovery = false, Covered = false;
    auto Contains = [&](SourceRange R) { return contains(R, Loc); };
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D); VD && Contains(VD->getSourceRange()))
            Covered = true;
      if (isa<RecoveryExpr>(S) && Contains(S->getSourceRange()))
        InRecovery = true;
      else if (isa<Expr>(S) && Contains(S->getSourceRange()))
        Covered = true;
      for (const Stmt *Child : S->children())
        Walk(Child);
    };
    for (const Stmt *S : Code)
      Walk(S);
    return InRecovery || !Covered;
  }

  template <typename F> bool scoped(FunctionDecl *FD, F Traverse, bool Lambda = false) {
    const FunctionDecl *Saved = Caller;
    Restriction SavedR = CallerR;
    Caller = FD;
    // A lambda without a specifier inside amp code is amp code (the specification infers it); elsewhere cpu.
    if (Lambda && !hasExplicitRestriction(FD))
      CallerR = Saved ? SavedR : Restriction();
    else
      CallerR = restrictionOf(FD);
    bool R = Traverse();
    Caller = Saved;
    CallerR = SavedR;
    return R;
  }

  bool user(SourceLocation L) const { return L.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(L)); }

  void check(const FunctionDecl *Callee, SourceLocation Loc) {
    if (!Caller || !CallerR.Amp || !user(Loc) || Caller->isDependentContext() || Callee->getBuiltinID())
      return;
    Calls.push_back({Caller, Callee, Loc});
    // What the kernels call is the lowering's to judge (builtins of amp.h); here: the user's restrictions.
    Restriction R = restrictionOf(Callee);
    bool CpuSide = R.Cpu || hasCpuTwin(Callee) || hasHostVersion(Callee);
    bool Bad = !R.Amp || (CallerR.Cpu && !CpuSide);
    if (!Bad)
      return;
    // The amp side of a restrict(cpu, amp) template's specialization is compiled where amp code reaches it:
    // judged once every call is known (reportAmpSidesReached).
    if (!R.Amp && CallerR.Cpu && Caller->getTemplateInstantiationPattern()) {
      AmpSideCalls.push_back({Caller, Callee, Loc});
      return;
    }
    if (!Reported.insert(SM.getExpansionLoc(Loc).getRawEncoding()).second)
      return;
    if (!R.Amp) {
      reportNotAmp(Callee, Loc, CallerR);
      return;
    }
    if (CallerR.Cpu && !CpuSide) {
      diagnose(Diags, Loc, AmpDiag::CallAmpOnlyFromCpuAmp) << Callee->getNameAsString();
      diagnose(Diags, Callee->getLocation(), AmpDiag::DeclaredAmp) << Callee->getNameAsString();
    }
  }

  void reportNotAmp(const FunctionDecl *Callee, SourceLocation Loc, Restriction From) {
    Restriction R = restrictionOf(Callee);
    diagnose(Diags, Loc, AmpDiag::CallNotAmp) << Callee->getNameAsString() << describe(From);
    diagnose(Diags, Callee->getLocation(), AmpDiag::DeclaredWithRestriction)
        << Callee->getNameAsString() << describe(R);
  }

  // Overload resolution refuses cpu code's calls of amp-only functions, but a call that names its one function
  // directly (`fast_math::cos(x)`) goes to Sema's CUDA check, which is off (RestrictDiagnostics.cpp): judged here.
  void checkFromCpu(const FunctionDecl *Callee, SourceLocation Loc) {
    if (!Caller || CallerR.Amp || !user(Loc) || Caller->isDependentContext() || Callee->getBuiltinID())
      return;
    Restriction R = restrictionOf(Callee);
    if (R.Cpu || hasCpuTwin(Callee) || !Reported.insert(SM.getExpansionLoc(Loc).getRawEncoding()).second)
      return;
    diagnose(Diags, Loc, AmpDiag::CallAmpOnlyFromCpu) << Callee->getNameAsString();
    diagnose(Diags, Callee->getLocation(), AmpDiag::DeclaredAmp) << Callee->getNameAsString();
  }

  void checkDefaultArgument(const Stmt *S, SourceLocation Loc, Restriction Scope) {
    if (!S || !Caller || Caller->isDependentContext() || !user(Loc))
      return;
    const FunctionDecl *Callee = nullptr;
    if (const auto *C = dyn_cast<CallExpr>(S))
      Callee = C->getDirectCallee();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(S))
      Callee = C->getConstructor();
    if (Callee && !Callee->getBuiltinID()) {
      // Bound in the declaring scope: Sema's pick is replaced by the overload that scope would call.
      if (!callableFrom(restrictionOf(Callee), Scope))
        if (const FunctionDecl *Twin = twinCallableFrom(Callee, Scope))
          Callee = Twin;
      if (CallerR.Amp)
        Calls.push_back({Caller, Callee, Loc});
      Restriction R = restrictionOf(Callee);
      if (!callableFrom(R, CallerR) && Reported.insert(SM.getExpansionLoc(Loc).getRawEncoding()).second) {
        diagnose(Diags, Loc, AmpDiag::DefaultArgumentCall)
            << Callee->getNameAsString() << describe(R) << describe(CallerR);
        diagnose(Diags, Callee->getLocation(), AmpDiag::DeclaredWithRestriction)
            << Callee->getNameAsString() << describe(R);
        return;
      }
    }
    for (const Stmt *Child : S->children())
      checkDefaultArgument(Child, Loc, Scope);
  }

  static bool callableFrom(Restriction Callee, Restriction Caller) {
    return (!Caller.Amp || Callee.Amp) && (!Caller.Cpu || Callee.Cpu);
  }
  // Another function of Callee's name that code restricted as Where may call.
  static const FunctionDecl *twinCallableFrom(const FunctionDecl *Callee, Restriction Where) {
    for (const NamedDecl *D : Callee->getDeclContext()->lookup(Callee->getDeclName())) {
      const FunctionDecl *Other = D->getAsFunction();
      if (Other && Other != Callee && callableFrom(restrictionOf(Other), Where))
        return Other;
    }
    return nullptr;
  }

  // A cpu-callable function of the same name and type beside an amp-only one: the host calls that one.
  static bool hasCpuTwin(const FunctionDecl *Callee) {
    const DeclContext *DC = Callee->getDeclContext();
    for (const NamedDecl *D : DC->lookup(Callee->getDeclName())) {
      const FunctionDecl *Other = D->getAsFunction();
      if (!Other || Other == Callee)
        continue;
      if (restrictionOf(Other).Cpu)
        return true;
    }
    return false;
  }

  // Tarjan's algorithm: the strongly connected component of every function of Graph, numbered.
  static std::map<const FunctionDecl *, unsigned>
  stronglyConnectedComponents(const std::map<const FunctionDecl *, std::vector<const FunctionDecl *>> &Graph) {
    std::map<const FunctionDecl *, unsigned> Index, Low, Component;
    std::vector<const FunctionDecl *> Stack;
    std::set<const FunctionDecl *> OnStack;
    unsigned Next = 0, Components = 0;
    std::function<void(const FunctionDecl *)> Visit = [&](const FunctionDecl *F) {
      Index[F] = Low[F] = Next++;
      Stack.push_back(F);
      OnStack.insert(F);
      if (auto It = Graph.find(F); It != Graph.end())
        for (const FunctionDecl *G : It->second) {
          if (!Index.count(G)) {
            Visit(G);
            Low[F] = std::min(Low[F], Low[G]);
          } else if (OnStack.count(G)) {
            Low[F] = std::min(Low[F], Index[G]);
          }
        }
      if (Low[F] != Index[F])
        return;
      const FunctionDecl *Member;
      do {
        Member = Stack.back();
        Stack.pop_back();
        OnStack.erase(Member);
        Component[Member] = Components;
      } while (Member != F);
      ++Components;
    };
    for (const auto &Entry : Graph)
      if (!Index.count(Entry.first))
        Visit(Entry.first);
    return Component;
  }

  struct Call {
    const FunctionDecl *Caller, *Callee;
    SourceLocation Loc;
  };

  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticsEngine &Diags;
  std::vector<Call> Calls; // the calls of amp code, in the order met
  std::vector<Call> AmpSideCalls; // restrict(cpu, amp) specializations' calls of cpu-only functions
  const FunctionDecl *Caller = nullptr;
  Restriction CallerR;
  std::set<unsigned> Reported;
  std::set<const Expr *> CalleeRefs; // the callees of the calls seen, which name their function legitimately
};

} // namespace

void checkAmpCallRules(ASTContext &Ctx, llvm::ArrayRef<std::pair<const FunctionDecl *, SourceLocation>> Refused) {
  Checker C(Ctx);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (auto [Caller, Loc] : Refused)
    C.checkRefused(Caller, Loc);
  C.reportAmpSidesReached();
  C.checkRecursion();
}

} // namespace ampcc
