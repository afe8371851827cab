// Rewrites spawning functions, spawns and syncs of host code for the OpenMP-task runtime, line for line.
#include "Rewrite/CilkSpawnLowering.h"

#include "Analysis/Diagnostics.h"
#include "Support/CString.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace ampcc {
namespace {

// One edit of the main file's text: Length bytes at Offset become Text. Expect is the text the host
// source must hold at Offset + ExpectAt (the replaced text itself, or the token an insertion sits by).
struct Edit {
  unsigned Offset, Length;
  std::string Text;
  std::string Expect;
  int ExpectAt = 0;
  unsigned Seq = 0; // insertions at one offset keep the order they were made in
};

class ForkJoinLowering {
public:
  ForkJoinLowering(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()) {
    Main = SM.getMainFileID();
    Buf = SM.getBufferData(Main);
  }

  void lower(const CilkForkJoin &FJ) {
    for (const CilkSpawningFunction &F : FJ.Functions)
      frame(F);
    for (const CilkSpawnSite &S : FJ.Spawns)
      spawn(S);
    for (unsigned K : FJ.Syncs) {
      unsigned Len = Buf[K] == 'c' ? 9 : 10; // cilk_sync / _Cilk_sync
      replace(K, Len, "::ampcc::cilk::sync()");
    }
  }

  bool empty() const { return Edits.empty(); }

  std::string apply(std::string Host) {
    // The C++ AMP host rewrite puts declarations before the file and `#line 1 "<file>"`: lines count from
    // there.
    size_t Origin = 0;
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(Main);
    std::string LineOne = "#line 1 \"" + escapeCString(Entry ? Entry->getName().str() : "") + "\"\n";
    if (size_t P = Host.find(LineOne); P != std::string::npos && (P == 0 || Host[P - 1] == '\n'))
      Origin = P + LineOne.size();
    std::vector<size_t> LineStart = {Origin, Origin}; // 1-based
    for (size_t I = Origin; I < Host.size(); ++I)
      if (Host[I] == '\n')
        LineStart.push_back(I + 1);
    // Host positions, then from the end so that each edit leaves the positions still to use unchanged.
    std::vector<std::pair<size_t, const Edit *>> At;
    for (const Edit &E : Edits) {
      unsigned Line = SM.getLineNumber(Main, E.Offset), Col = SM.getColumnNumber(Main, E.Offset);
      size_t Pos = Line < LineStart.size() ? LineStart[Line] + Col - 1 : std::string::npos;
      long Check = Pos == std::string::npos ? -1 : long(Pos) + E.ExpectAt;
      if (Check < 0 || Host.compare(Check, E.Expect.size(), E.Expect) != 0) {
        error(Ctx.getDiagnostics(), SM.getComposedLoc(Main, E.Offset),
              "ampcc cannot place the host code of this Cilk construct: the line changed in the host rewrite");
        continue;
      }
      At.push_back({Pos, &E});
    }
    std::sort(At.begin(), At.end(), [](const auto &A, const auto &B) {
      return A.first != B.first ? A.first > B.first : A.second->Seq > B.second->Seq;
    });
    for (auto [Pos, E] : At)
      Host.replace(Pos, E->Length, E->Text);
    return Host;
  }

private:
  ASTContext &Ctx;
  SourceManager &SM;
  const LangOptions &LO;
  FileID Main;
  llvm::StringRef Buf;
  std::vector<Edit> Edits;

  unsigned offset(SourceLocation L) const { return SM.getFileOffset(SM.getExpansionLoc(L)); }
  unsigned endOffset(SourceLocation L) const { // just after the token at L
    return offset(Lexer::getLocForEndOfToken(SM.getExpansionLoc(L), 0, SM, LO));
  }
  std::string text(SourceRange R) const {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(SM.getExpansionRange(R).getAsRange()), SM, LO).str();
  }

  void insert(unsigned Offset, std::string Text, std::string Expect, int ExpectAt) {
    Edits.push_back({Offset, 0, std::move(Text), std::move(Expect), ExpectAt, unsigned(Edits.size())});
  }
  // Replaces [Offset, Offset + Length) and keeps its newlines, so that every later line keeps its number.
  void replace(unsigned Offset, unsigned Length, std::string Text) {
    llvm::StringRef Old = Buf.substr(Offset, Length);
    size_t Lost = Old.count('\n'), Kept = llvm::StringRef(Text).count('\n');
    if (Lost > Kept)
      Text += std::string(Lost - Kept, '\n');
    Edits.push_back({Offset, Length, std::move(Text), Old.str(), 0, unsigned(Edits.size())});
  }

  std::string returnType(const CilkSpawningFunction &F) const {
    PrintingPolicy P = Ctx.getPrintingPolicy();
    P.SuppressUnwrittenScope = true;
    const FunctionDecl *FD = F.FD;
    if (F.Lambda)
      return F.Lambda->hasExplicitResultType() ? " -> " + FD->getReturnType().getAsString(P) : "";
    if (isa<CXXConstructorDecl>(FD) || isa<CXXDestructorDecl>(FD))
      return " -> void";
    if (const AutoType *AT = FD->getDeclaredReturnType()->getContainedAutoType())
      return AT->isDecltypeAuto() ? " -> decltype(auto)" : "";
    return " -> " + FD->getReturnType().getAsString(P);
  }

  void frame(const CilkSpawningFunction &F) {
    bool NoReturn = isa<CXXConstructorDecl>(F.FD) || isa<CXXDestructorDecl>(F.FD);
    unsigned Open = offset(F.Body->getLBracLoc()) + 1, Close = offset(F.Body->getRBracLoc());
    insert(Open, std::string(NoReturn ? " " : " return ") + "::ampcc::cilk::frame([&]()" + returnType(F) + " {", "{",
           -1);
    for (const ReturnStmt *R : F.Returns) {
      insert(offset(R->getBeginLoc()), "{ ::ampcc::cilk::sync(); ", "return", 0);
      std::optional<Token> Semi = Lexer::findNextToken(SM.getExpansionLoc(R->getEndLoc()), SM, LO);
      if (Semi && Semi->is(tok::semi))
        insert(offset(Semi->getLocation()) + 1, " }", ";", -1);
    }
    bool Main = !F.Lambda && F.FD->isMain();
    insert(Close, std::string(" ::ampcc::cilk::sync();") + (Main ? " return 0;" : "") + " });", "}", 0);
  }

  void spawn(const CilkSpawnSite &S) {
    const CallExpr *CE = S.Call;
    std::vector<std::string> Captures;
    std::string Callee;
    unsigned FirstArg = 0;
    const FunctionDecl *Target = CE->getDirectCallee();
    const Expr *C = CE->getCallee()->IgnoreParenImpCasts();
    // The object of a member call and a called function object are evaluated in the parent.
    auto member = [&](const Expr *Base, bool Implicit, bool Arrow, SourceLocation NameBegin) {
      if (Implicit || (Base && isa<CXXThisExpr>(Base->IgnoreParenImpCasts()))) {
        Captures.push_back("this");
        Callee = text(CE->getCallee()->getSourceRange());
        return;
      }
      std::string Name = text(SourceRange(NameBegin, CE->getCallee()->getEndLoc()));
      if (Arrow) {
        Captures.push_back("ampcc_o = (" + text(Base->getSourceRange()) + ")");
        Callee = "ampcc_o->" + Name;
      } else {
        Captures.push_back(std::string(Base->isGLValue() ? "&" : "") + "ampcc_o = (" + text(Base->getSourceRange()) +
                           ")");
        Callee = "ampcc_o." + Name;
      }
    };
    auto nameBegin = [](NestedNameSpecifierLoc Q, SourceLocation Member) { return Q ? Q.getBeginLoc() : Member; };
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE)) {
      const Expr *Obj = Op->getArg(0);
      Captures.push_back(std::string(Obj->isGLValue() ? "&" : "") + "ampcc_f = (" + text(Obj->getSourceRange()) + ")");
      Callee = "ampcc_f";
      FirstArg = 1;
    } else if (const auto *ME = dyn_cast<MemberExpr>(C)) {
      member(ME->getBase(), ME->isImplicitAccess(), ME->isArrow(),
             nameBegin(ME->getQualifierLoc(), ME->getMemberLoc()));
    } else if (const auto *UM = dyn_cast<UnresolvedMemberExpr>(C)) {
      member(UM->isImplicitAccess() ? nullptr : UM->getBase(), UM->isImplicitAccess(), UM->isArrow(),
             nameBegin(UM->getQualifierLoc(), UM->getMemberLoc()));
    } else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(C)) {
      member(DM->isImplicitAccess() ? nullptr : DM->getBase(), DM->isImplicitAccess(), DM->isArrow(),
             nameBegin(DM->getQualifierLoc(), DM->getMemberLoc()));
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(C);
               (DRE && isa<FunctionDecl>(DRE->getDecl())) || isa<UnresolvedLookupExpr>(C)) {
      Callee = text(CE->getCallee()->getSourceRange()); // names a function: nothing to evaluate
    } else {
      Captures.push_back("ampcc_f = (" + text(CE->getCallee()->getSourceRange()) + ")");
      Callee = "ampcc_f";
    }

    std::string Receiver;
    if (S.Form == CilkSpawnSite::Assignment)
      Captures.insert(Captures.begin(), "&ampcc_r = (" + text(S.Receiver->getSourceRange()) + ")");
    else if (S.Form == CilkSpawnSite::Initializer)
      Captures.insert(Captures.begin(), "&ampcc_r = " + S.Var->getName().str());
    std::string Call = Callee + "(";
    for (unsigned I = FirstArg, N = CE->getNumArgs(); I < N; ++I) {
      const Expr *A = CE->getArg(I);
      if (isa<CXXDefaultArgExpr>(A))
        break;
      unsigned P = I - FirstArg;
      const ParmVarDecl *Parm = Target && P < Target->getNumParams() ? Target->getParamDecl(P) : nullptr;
      // A temporary bound to a const reference is the child's own copy.
      const Expr *Bound = A;
      while (const auto *Cast = dyn_cast<ImplicitCastExpr>(Bound))
        Bound = Cast->getSubExpr();
      bool ByRef =
          Parm && Parm->getType()->isLValueReferenceType() && A->isLValue() && !isa<MaterializeTemporaryExpr>(Bound);
      std::string V = "ampcc_a" + std::to_string(P);
      Captures.push_back((ByRef ? "&" : "") + V + " = (" + text(A->getSourceRange()) + ")");
      Call += std::string(P ? ", " : "") + (ByRef ? V : "::ampcc::cilk::pass(" + V + ")");
    }
    Call += ")";
    std::string Lambda = "::ampcc::cilk::spawn([";
    for (size_t I = 0; I < Captures.size(); ++I)
      Lambda += (I ? ", " : "") + Captures[I];
    Lambda += "]() mutable { " + std::string(S.Form == CilkSpawnSite::Statement ? "" : "ampcc_r = ") + Call + "; })";

    unsigned End = endOffset(CE->getRParenLoc());
    unsigned Begin = S.Keyword;
    if (S.Form == CilkSpawnSite::Assignment)
      Begin = offset(S.Receiver->getBeginLoc());
    if (S.Form == CilkSpawnSite::Initializer) {
      Begin = S.Equals;
      Lambda = "; " + Lambda;
    }
    replace(Begin, End - Begin, Lambda);
  }
};

} // namespace

std::string lowerCilkForkJoin(ASTContext &Ctx, const CilkForkJoin &FJ, std::string Host, bool &NeedsOpenMP) {
  ForkJoinLowering L(Ctx);
  L.lower(FJ);
  if (!L.empty() || FJ.UsesRuntimeApi)
    NeedsOpenMP = true;
  if (L.empty())
    return Host;
  return L.apply(std::move(Host));
}

} // namespace ampcc
