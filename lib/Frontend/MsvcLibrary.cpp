// What MSVC's C++ library has and libstdc++ lacks, said as such (see MsvcLibrary.h).
#include "Frontend/MsvcLibrary.h"

#include "Frontend/DiagnosticFilter.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"

#include <memory>
#include <vector>

using namespace clang;

namespace ampcc {

namespace {

bool isStdException(QualType T) {
  const CXXRecordDecl *RD = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() && RD->getName() == "exception" && RD->isInStdNamespace();
}

// Sema's refusal to initialize a std::exception from what it was given: in a declaration or a base initializer,
// a functional cast, a copy-initialization.
bool refusesStdException(const Diagnostic &Info) {
  unsigned ID = Info.getID();
  if (ID != diag::err_ovl_no_viable_function_in_init && ID != diag::err_ovl_no_viable_conversion_in_cast &&
      ID != diag::err_typecheck_nonviable_condition)
    return false;
  for (unsigned I = 0; I < Info.getNumArgs(); ++I)
    if (Info.getArgKind(I) == DiagnosticsEngine::ak_qualtype &&
        isStdException(QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(I)))))
      return true;
  return false;
}

// MSVC's std::exception(const char *) and std::exception(const char *, int): the first argument a narrow string.
bool firstArgumentIsString(const RecoveryExpr *E, const ASTContext &Ctx) {
  llvm::ArrayRef<const Expr *> Args = E->subExpressions();
  if (Args.empty())
    return false;
  const Expr *First = Args.front();
  if (const auto *List = dyn_cast<InitListExpr>(First))
    First = List->getNumInits() ? List->getInit(0) : nullptr;
  if (!First)
    return false;
  QualType T = First->IgnoreParenImpCasts()->getType();
  if (const ArrayType *A = Ctx.getAsArrayType(T))
    T = A->getElementType();
  else if (T->isPointerType())
    T = T->getPointeeType();
  else
    return false;
  return T->isCharType();
}

// Where the AST shows std::exception constructed from a string: the construction's range, which holds the place
// Sema's refusal names, and whether it initializes a base.
struct ExceptionFromString {
  SourceRange Range;
  bool Base;
};

class ExceptionFromStringFinder : public RecursiveASTVisitor<ExceptionFromStringFinder> {
public:
  explicit ExceptionFromStringFinder(const ASTContext &Ctx) : Ctx(Ctx) {}

  // `throw std::exception("text")`, `std::exception{"text"}`: the recovery keeps the class as its type.
  bool VisitRecoveryExpr(RecoveryExpr *E) {
    if (E != BaseInit && isStdException(E->getType()) && firstArgumentIsString(E, Ctx))
      Found.push_back({E->getSourceRange(), false});
    return true;
  }
  // `std::exception e("text", 1);`: the recovery's type is dependent, the variable's is the class.
  bool VisitVarDecl(VarDecl *VD) {
    const auto *Init = dyn_cast_or_null<RecoveryExpr>(VD->getInit());
    if (Init && isStdException(VD->getType()) && firstArgumentIsString(Init, Ctx))
      Found.push_back({VD->getSourceRange(), false});
    return true;
  }
  // `my_error() : std::exception("text") {}`.
  bool TraverseConstructorInitializer(CXXCtorInitializer *Init) {
    const auto *E = dyn_cast_or_null<RecoveryExpr>(Init->getInit());
    if (E && Init->isBaseInitializer() && isStdException(QualType(Init->getBaseClass(), 0)) &&
        firstArgumentIsString(E, Ctx)) {
      Found.push_back({Init->getSourceRange(), true});
      BaseInit = E;
    }
    bool Result = RecursiveASTVisitor::TraverseConstructorInitializer(Init);
    BaseInit = nullptr;
    return Result;
  }

  std::vector<ExceptionFromString> Found;

private:
  const ASTContext &Ctx;
  const Expr *BaseInit = nullptr;
};

} // namespace

// Sits in front of the client it was given; the refusals it holds wait for reportMsvcLibraryUses.
class MsvcLibraryDiagnostics : public DiagnosticFilter {
public:
  MsvcLibraryDiagnostics(std::unique_ptr<DiagnosticConsumer> Owned, DiagnosticsEngine &Diags)
      : DiagnosticFilter(std::move(Owned)), Diags(Diags) {}
  MsvcLibraryDiagnostics(DiagnosticConsumer *Inner, DiagnosticsEngine &Diags) : DiagnosticFilter(Inner), Diags(Diags) {}

  void EndSourceFile() override {
    // A parse that ended before the AST was complete: what is held goes out in Sema's words.
    for (const std::vector<StoredDiagnostic> &Refusal : Held)
      replay(Refusal);
    Held.clear();
    DiagnosticFilter::EndSourceFile();
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    if (!Replaying) {
      // The notes that follow a held refusal (the constructors libstdc++ has) are held with it.
      if (Level == DiagnosticsEngine::Note && Holding) {
        Held.back().emplace_back(Level, Info);
        return;
      }
      Holding = Level == DiagnosticsEngine::Error && refusesStdException(Info);
      if (Holding) {
        Held.push_back({StoredDiagnostic(Level, Info)});
        return;
      }
    }
    pass(Level, Info);
  }

  void report(ASTContext &Ctx) {
    if (Held.empty())
      return;
    ExceptionFromStringFinder Finder(Ctx);
    Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
    const SourceManager &SM = Ctx.getSourceManager();
    auto within = [&](SourceLocation Loc, SourceRange R) {
      return R.isValid() && SM.isPointWithin(SM.getExpansionLoc(Loc), SM.getExpansionLoc(R.getBegin()),
                                             SM.getExpansionRange(R).getEnd());
    };
    unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                        "std::exception has no constructor taking a string in libstdc++ (MSVC's "
                                        "library has one); %select{use std::runtime_error(\"text\")|derive from "
                                        "std::runtime_error and give it the string}0");
    std::vector<std::vector<StoredDiagnostic>> Refusals = std::move(Held);
    Held.clear();
    for (const std::vector<StoredDiagnostic> &Refusal : Refusals) {
      SourceLocation Loc = Refusal.front().getLocation();
      const ExceptionFromString *Site = nullptr;
      for (const ExceptionFromString &S : Finder.Found)
        if (within(Loc, S.Range))
          Site = &S;
      if (!Site) {
        replay(Refusal);
        continue;
      }
      Diags.Report(Loc, ID) << (Site->Base ? 1 : 0) << Site->Range;
    }
  }

private:
  void replay(const std::vector<StoredDiagnostic> &Refusal) {
    Replaying = true;
    for (const StoredDiagnostic &D : Refusal)
      Diags.Report(D);
    Replaying = false;
  }
  DiagnosticsEngine &Diags;
  std::vector<std::vector<StoredDiagnostic>> Held; // each: a refusal and its notes
  bool Holding = false, Replaying = false;
};

MsvcLibraryDiagnostics *useMsvcLibraryDiagnostics(CompilerInstance &CI) {
  return putInFront<MsvcLibraryDiagnostics>(CI, CI.getDiagnostics());
}

void reportMsvcLibraryUses(MsvcLibraryDiagnostics &Held, ASTContext &Ctx) { Held.report(Ctx); }

} // namespace ampcc
