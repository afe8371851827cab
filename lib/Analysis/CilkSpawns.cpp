// Finds `cilk_spawn` and `cilk_sync` in the main file, ties each spawn to the call it spawns and checks
// where the keywords stand.
#include "Analysis/CilkSpawns.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "Analysis/GfxKernels.h"
#include "Frontend/RawTokens.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace ampcc {
namespace {

// Every expression, function body and lambda of the main file by the offset where it begins, template
// instantiations included (an instantiation resolves the calls that the template leaves dependent).
class OffsetIndex : public RecursiveASTVisitor<OffsetIndex> {
public:
  explicit OffsetIndex(ASTContext &Ctx) : SM(Ctx.getSourceManager()) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  std::map<unsigned, std::vector<const Expr *>> Exprs;
  std::vector<std::pair<const CompoundStmt *, const FunctionDecl *>> Bodies;
  bool UsesRuntimeApi = false;

  bool VisitExpr(Expr *E) {
    if (std::optional<unsigned> O = offset(E->getBeginLoc()))
      Exprs[*O].push_back(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
        if (FD->getIdentifier() && FD->getName().starts_with("__cilkrts_") && offset(E->getBeginLoc()))
          UsesRuntimeApi = true;
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    if (offset(LE->getCompoundStmtBody()->getLBracLoc()))
      Bodies.push_back({LE->getCompoundStmtBody(), LE->getCallOperator()});
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody()))
      if (offset(Body->getLBracLoc()))
        Bodies.push_back({Body, FD});
    return true;
  }

  std::optional<unsigned> offset(SourceLocation L) const {
    if (L.isInvalid() || L.isMacroID() || !SM.isInMainFile(L))
      return std::nullopt;
    return SM.getFileOffset(L);
  }

private:
  const SourceManager &SM;
};

// The returns of one function body, not those of the lambdas and local classes inside it.
class OwnReturns : public RecursiveASTVisitor<OwnReturns> {
public:
  std::vector<const ReturnStmt *> Found;
  bool VisitReturnStmt(ReturnStmt *R) {
    Found.push_back(R);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
};

class ForkJoinFinder {
public:
  explicit ForkJoinFinder(ASTContext &Ctx)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Diags(Ctx.getDiagnostics()), Index(Ctx) {}

  CilkForkJoin run() {
    CilkForkJoin Out;
    FileID Main = SM.getMainFileID();
    llvm::StringRef Buf = SM.getBufferData(Main);
    Toks = lexRaw(Buf);
    std::vector<size_t> SpawnToks, SyncToks;
    bool Directive = false;
    for (size_t I = 0; I < Toks.size(); ++I) {
      if (Toks[I].StartOfLine)
        Directive = Toks[I].Kind == tok::hash;
      if (Directive || Toks[I].Kind != tok::raw_identifier)
        continue;
      if (Toks[I].Text == "cilk_spawn" || Toks[I].Text == "_Cilk_spawn")
        SpawnToks.push_back(I);
      else if (Toks[I].Text == "cilk_sync" || Toks[I].Text == "_Cilk_sync")
        SyncToks.push_back(I);
    }
    // The AST walk only where the file can need it (it visits every instantiation).
    if (SpawnToks.empty() && SyncToks.empty() && !Buf.contains("__cilkrts_"))
      return Out;
    Index.TraverseDecl(Ctx.getTranslationUnitDecl());
    Out.UsesRuntimeApi = Index.UsesRuntimeApi;
    if (SpawnToks.empty() && SyncToks.empty())
      return Out;

    std::map<const CompoundStmt *, CilkSpawningFunction> Functions;
    std::map<unsigned, const CompoundStmt *> FunctionByOffset; // one body per written function
    for (size_t I : SpawnToks) {
      std::optional<CilkSpawnSite> S = spawn(I);
      if (!S)
        continue;
      const auto *Body = cast<CompoundStmt>(S->Function);
      unsigned At = SM.getFileOffset(Body->getLBracLoc());
      auto [It, New] = FunctionByOffset.insert({At, Body});
      if (New)
        Functions[Body] = function(Body, Owners[Body].first, Owners[Body].second);
      S->Function = It->second;
      Out.Spawns.push_back(*S);
    }
    for (auto &[Body, F] : Functions)
      Out.Functions.push_back(F);
    for (size_t I : SyncToks) {
      SourceLocation Loc = location(I);
      if (I + 1 >= Toks.size() || Toks[I + 1].Kind != tok::semi) {
        error(Diags, Loc, "'%0' must be a statement of its own, followed by ';'") << Toks[I].Text;
        continue;
      }
      const FunctionDecl *FD = enclosingFunction(Toks[I].Begin);
      if (!FD) {
        error(Diags, Loc, "'%0' outside a function body") << Toks[I].Text;
        continue;
      }
      if (runsOnDevice(FD)) {
        error(Diags, Loc, "'%0' in code that runs on the device: fork-join parallelism is for host code")
            << Toks[I].Text;
        continue;
      }
      Out.Syncs.push_back(Toks[I].Begin);
    }
    return Out;
  }

private:
  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticsEngine &Diags;
  OffsetIndex Index;
  std::vector<RawToken> Toks;
  std::map<const CompoundStmt *, std::pair<const FunctionDecl *, const LambdaExpr *>> Owners;

  SourceLocation location(size_t Tok) const { return SM.getComposedLoc(SM.getMainFileID(), Toks[Tok].Begin); }

  // The innermost function body (a lambda's included) holding the offset.
  const FunctionDecl *enclosingFunction(unsigned Offset) const {
    const FunctionDecl *Best = nullptr;
    unsigned BestSize = ~0u;
    for (auto [Body, FD] : Index.Bodies) {
      unsigned B = SM.getFileOffset(Body->getLBracLoc()), E = SM.getFileOffset(Body->getRBracLoc());
      if (B < Offset && Offset < E && E - B < BestSize) {
        Best = FD;
        BestSize = E - B;
      }
    }
    return Best;
  }

  bool runsOnDevice(const FunctionDecl *FD) const { return isGfxKernelFunction(FD) || isAmpCallable(FD); }

  // The outermost expression that begins where E begins, climbing through the expressions around it.
  const Expr *outermost(const Expr *E, unsigned Begin) const {
    while (true) {
      DynTypedNodeList Parents = Ctx.getParents(*E);
      if (Parents.empty())
        return E;
      const auto *P = Parents[0].get<Expr>();
      if (!P || Index.offset(P->getBeginLoc()) != Begin)
        return E;
      E = P;
    }
  }

  // Whether E (climbed to its outermost form) stands where a statement stands.
  bool isStatement(const Expr *E) const {
    DynTypedNodeList Parents = Ctx.getParents(*E);
    if (Parents.empty())
      return false;
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P || isa<Expr>(P))
      return false;
    if (isa<CompoundStmt>(P))
      return true;
    if (const auto *If = dyn_cast<IfStmt>(P))
      return If->getThen() == E || If->getElse() == E;
    if (const auto *F = dyn_cast<ForStmt>(P))
      return F->getBody() == E;
    if (const auto *W = dyn_cast<WhileStmt>(P))
      return W->getBody() == E;
    if (const auto *D = dyn_cast<DoStmt>(P))
      return D->getBody() == E;
    if (const auto *R = dyn_cast<CXXForRangeStmt>(P))
      return R->getBody() == E;
    if (const auto *C = dyn_cast<SwitchCase>(P))
      return C->getSubStmt() == E;
    if (const auto *L = dyn_cast<LabelStmt>(P))
      return L->getSubStmt() == E;
    return false;
  }

  // The call an expression is, looking through implicit conversions and temporaries only.
  static const CallExpr *asCall(const Expr *E) {
    const auto *CE = dyn_cast<CallExpr>(E->IgnoreImplicit());
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(CE); Op && Op->getOperator() != OO_Call)
      return nullptr;
    if (CE && isa<UserDefinedLiteral>(CE))
      return nullptr;
    return CE;
  }

  // The body and function (or lambda call operator) that statement-level expression E belongs to.
  std::pair<const CompoundStmt *, const FunctionDecl *> owner(const Expr *E, const LambdaExpr **Lambda) const {
    DynTypedNode N = DynTypedNode::create(*E);
    while (true) {
      DynTypedNodeList Parents = Ctx.getParents(N);
      if (Parents.empty())
        return {nullptr, nullptr};
      N = Parents[0];
      if (const auto *LE = N.get<LambdaExpr>()) {
        *Lambda = LE;
        return {LE->getCompoundStmtBody(), LE->getCallOperator()};
      }
      if (const auto *FD = N.get<FunctionDecl>())
        return {dyn_cast_or_null<CompoundStmt>(FD->getBody()), FD};
      if (N.get<VarDecl>() && !N.get<VarDecl>()->isLocalVarDeclOrParm())
        return {nullptr, nullptr};
    }
  }

  std::optional<CilkSpawnSite> spawn(size_t Tok) {
    SourceLocation Loc = location(Tok);
    llvm::StringRef Kw = Toks[Tok].Text;
    auto It = Tok + 1 < Toks.size() ? Index.Exprs.find(Toks[Tok + 1].Begin) : Index.Exprs.end();
    if (It == Index.Exprs.end()) {
      error(Diags, Loc, "'%0' must be followed by a function call") << Kw;
      return std::nullopt;
    }
    unsigned Begin = It->first;
    // One candidate per instantiation of the code around the keyword (just one outside templates).
    std::vector<const Expr *> Tops;
    for (const Expr *E : It->second) {
      const Expr *T = outermost(E, Begin);
      if (std::find(Tops.begin(), Tops.end(), T) == Tops.end())
        Tops.push_back(T);
    }
    CilkSpawnSite S;
    S.Keyword = Toks[Tok].Begin;
    const Expr *Top = Tops.front();
    for (const Expr *T : Tops) {
      const CallExpr *CE = asCall(T);
      if (CE && CE->getCalleeDecl() && (!S.Call || !S.Call->getCalleeDecl()))
        S.Call = CE, Top = T;
      else if (CE && !S.Call)
        S.Call = CE, Top = T;
    }
    if (!S.Call) {
      error(Diags, Loc, "'%0' must be followed by a function call: '%1' is not one")
          << Kw
          << Lexer::getSourceText(CharSourceRange::getTokenRange(Tops.front()->getSourceRange()), SM,
                                  Ctx.getLangOpts());
      return std::nullopt;
    }
    if (S.Call->getRParenLoc().isMacroID()) {
      error(Diags, Loc, "'%0' of a call spelled in a macro is not supported") << Kw;
      return std::nullopt;
    }

    DynTypedNodeList Parents = Ctx.getParents(*Top);
    const Expr *Stmt = Top;
    if (const auto *VD = Parents.empty() ? nullptr : Parents[0].get<VarDecl>()) {
      S.Form = CilkSpawnSite::Initializer;
      S.Var = VD;
      if (Tok == 0 || Toks[Tok - 1].Kind != tok::equal || !VD->hasLocalStorage()) {
        error(Diags, Loc, "'%0' initializes a variable only as a local variable's '= %0 call(...)'") << Kw;
        return std::nullopt;
      }
      DynTypedNodeList DS = Ctx.getParents(*VD);
      if (DS.empty() || !DS[0].get<DeclStmt>() || !DS[0].get<DeclStmt>()->isSingleDecl()) {
        error(Diags, Loc, "'%0' initializes a variable only in a declaration of that variable alone") << Kw;
        return std::nullopt;
      }
      S.Equals = Toks[Tok - 1].Begin;
      if (VD->getType()->isReferenceType() || VD->getType().isConstQualified()) {
        error(Diags, VD->getLocation(),
              "the receiver of '%0' is assigned when the call returns: it cannot be a reference or const")
            << Kw;
        return std::nullopt;
      }
    } else if (const Expr *P = Parents.empty() ? nullptr : Parents[0].get<Expr>()) {
      const auto *BO = dyn_cast<BinaryOperator>(P);
      const auto *Op = dyn_cast<CXXOperatorCallExpr>(P);
      if (BO && BO->getOpcode() == BO_Assign && BO->getRHS() == Top)
        S.Receiver = BO->getLHS();
      else if (Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 && Op->getArg(1) == Top)
        S.Receiver = Op->getArg(0);
      if (S.Receiver && !Index.offset(P->getBeginLoc())) {
        error(Diags, Loc, "'%0' assigning a receiver spelled in a macro is not supported") << Kw;
        return std::nullopt;
      }
      if (S.Receiver)
        Stmt = outermost(P, *Index.offset(P->getBeginLoc()));
      S.Form = CilkSpawnSite::Assignment;
    }
    if (S.Form != CilkSpawnSite::Initializer &&
        ((S.Form == CilkSpawnSite::Assignment && !S.Receiver) || !isStatement(Stmt))) {
      error(Diags, Loc,
            "'%0' may only begin a statement, the right side of an assignment statement or a local "
            "variable's initializer")
          << Kw;
      return std::nullopt;
    }
    const LambdaExpr *Lambda = nullptr;
    auto [Body, FD] = owner(Stmt, &Lambda);
    if (!Body || !FD) {
      error(Diags, Loc, "'%0' outside a function body") << Kw;
      return std::nullopt;
    }
    if (runsOnDevice(FD)) {
      error(Diags, Loc, "'%0' in code that runs on the device: fork-join parallelism is for host code") << Kw;
      return std::nullopt;
    }
    if (!Index.offset(Body->getLBracLoc()) || !Index.offset(Body->getRBracLoc())) {
      error(Diags, Loc, "'%0' in a function whose body ampcc cannot see in the main file") << Kw;
      return std::nullopt;
    }
    S.Function = Body;
    Owners[Body] = {FD, Lambda};
    return S;
  }

  CilkSpawningFunction function(const CompoundStmt *Body, const FunctionDecl *FD, const LambdaExpr *Lambda) {
    CilkSpawningFunction F;
    F.Body = Body;
    // The template's own declaration: its return type is spelled for every instantiation.
    if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
      FD = Pattern;
    F.FD = FD;
    F.Lambda = Lambda;
    OwnReturns R;
    R.TraverseStmt(const_cast<CompoundStmt *>(Body));
    for (const ReturnStmt *Ret : R.Found) {
      if (!Index.offset(Ret->getBeginLoc()) || !Index.offset(Ret->getEndLoc())) {
        error(Diags, Ret->getBeginLoc(),
              "a return spelled in a macro in a function that uses cilk_spawn: ampcc cannot sync before it");
        continue;
      }
      F.Returns.push_back(Ret);
    }
    return F;
  }
};

} // namespace

CilkForkJoin findCilkForkJoin(ASTContext &Ctx) { return ForkJoinFinder(Ctx).run(); }

} // namespace ampcc
