// Finds every parallel_for_each call of the main file and describes the kernel it launches.
#include "Analysis/KernelFinder.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>
#include <set>
#include <tuple>

using namespace clang;

namespace ampcc {
namespace {

bool isContainer(QualType T) {
  llvm::StringRef Kind = getBuiltinTypeName(T.getNonReferenceType());
  return Kind == "array_view" || Kind == "array";
}

// Whether a class captured by value can travel as its fields (no virtual bases, unions, bit-fields, C arrays or
// references to put back together in the kernel); HoldsViews is set when it holds array_views or arrays, at any
// depth of member classes and base classes. A class template's specialization is a class like any other: a
// std::pair of views (libstdc++ derives it from an empty base), a library's view wrapper with private members. So
// is a closure: its captures by copy are its fields (a lambda that captured a view, held by a captured
// functor_view).
bool travelsAsFields(QualType T, bool &HoldsViews) {
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || !getBuiltinTypeName(T).empty())
    return false;
  RD = RD->getDefinition();
  if (RD->isUnion() || RD->getNumVBases() != 0)
    return false;
  auto Part = [&](QualType PT) {
    bool Nested = false;
    bool Ok = travelsAsFields(PT, Nested);
    HoldsViews |= Nested;
    return Ok || !Nested;
  };
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!Part(B.getType()))
      return false;
  for (const FieldDecl *F : RD->fields()) {
    QualType FT = F->getType();
    // An invalid field (a class holding itself, Clang's error) would make the recursion below endless.
    if (F->isInvalidDecl() || F->isBitField() || FT->isArrayType() || FT->isReferenceType())
      return false;
    if (isContainer(FT))
      HoldsViews = true;
    else if (FT->isRecordType() && !Part(FT))
      return false;
  }
  return true;
}

const Expr *skipWrappers(const Expr *E) {
  while (true) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor()) {
        E = CE->getArg(0);
        continue;
      }
    }
    return E;
  }
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(ASTContext &Ctx) : Ctx(Ctx), Diags(Ctx.getDiagnostics()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || getBuiltinName(Callee) != "parallel_for_each")
      return true;
    SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = Call->getBeginLoc();
    // Kernels in the user's headers are rewritten in the host's view of the header
    // (docs/design/restriction-specifiers.md); a system header is never rewritten.
    if (SM.isInSystemHeader(SM.getExpansionLoc(Loc))) {
      error(Diags, Loc, "parallel_for_each in a system header: ampcc rewrites kernels only in the user's files "
                        "(include the header with -I, not -isystem)");
      return true;
    }
    const FunctionDecl *Enclosing = FunctionStack.empty() ? nullptr : FunctionStack.back();
    if (Enclosing && Enclosing->isDependentContext())
      return true; // the template pattern: each instantiation is a kernel of its own
    KernelSite Site;
    Site.Context = Enclosing ? static_cast<const DeclContext *>(Enclosing) : Ctx.getTranslationUnitDecl();
    Site.LambdaContext = lambdaContext(Enclosing);
    Site.Id = Sites.size();
    Site.Call = Call;
    unsigned N = Call->getNumArgs();
    Site.View = N == 3 ? Call->getArg(0) : nullptr;
    Site.Domain = Call->getArg(N - 2);
    Site.Kernel = Call->getArg(N - 1);
    if (!describeDomain(Site) || !describeKernel(Site))
      return true;
    Sites.push_back(std::move(Site));
    return true;
  }

  // A generic lambda's call operator is a template that RecursiveASTVisitor reaches only as its pattern: the
  // kernels are in its instantiations, one per set of argument types.
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    if (!RecursiveASTVisitor::TraverseLambdaExpr(LE))
      return false;
    if (FunctionTemplateDecl *Op = LE->getDependentCallOperator())
      for (FunctionDecl *Spec : Op->specializations())
        if (!TraverseDecl(Spec))
          return false;
    return true;
  }

  // Every kind of function: a kernel in a class template's constructor is a kernel per instantiation too.
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    return inFunction(FD, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(FD); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *FD) {
    return inFunction(FD, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(FD); });
  }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *FD) {
    return inFunction(FD, [&] { return RecursiveASTVisitor::TraverseCXXConstructorDecl(FD); });
  }
  bool TraverseCXXDestructorDecl(CXXDestructorDecl *FD) {
    return inFunction(FD, [&] { return RecursiveASTVisitor::TraverseCXXDestructorDecl(FD); });
  }
  bool TraverseCXXConversionDecl(CXXConversionDecl *FD) {
    return inFunction(FD, [&] { return RecursiveASTVisitor::TraverseCXXConversionDecl(FD); });
  }

  std::vector<KernelSite> Sites;

private:
  bool inFunction(const FunctionDecl *FD, llvm::function_ref<bool()> Traverse) {
    FunctionStack.push_back(FD);
    bool R = Traverse();
    FunctionStack.pop_back();
    return R;
  }

  // The places of the lambdas a template argument names ("file:line", the file's base name), as the host
  // compiler prints them: at the presumed location of the lambda's class.
  void collectLambdaLocations(QualType T, std::set<std::string> &Out) {
    T = T.getNonReferenceType();
    while (T->isPointerType() || T->isArrayType())
      T = T->isPointerType() ? T->getPointeeType() : QualType(T->getArrayElementTypeNoTypeQual(), 0);
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD)
      return;
    if (RD->isLambda()) {
      PresumedLoc PL = Ctx.getSourceManager().getPresumedLoc(RD->getLocation());
      if (PL.isValid())
        Out.insert(llvm::sys::path::filename(PL.getFilename()).str() + ":" + std::to_string(PL.getLine()));
      return;
    }
    if (const auto *CTS = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      for (const TemplateArgument &A : CTS->getTemplateArgs().asArray())
        if (A.getKind() == TemplateArgument::Type)
          collectLambdaLocations(A.getAsType(), Out);
  }

  // The lambdas the template arguments of the templates around FD name (KernelSite::LambdaContext).
  std::string lambdaContext(const FunctionDecl *FD) {
    std::set<std::string> Lambdas;
    auto collect = [&](llvm::ArrayRef<TemplateArgument> Args) {
      for (const TemplateArgument &A : Args) {
        if (A.getKind() == TemplateArgument::Type)
          collectLambdaLocations(A.getAsType(), Lambdas);
        else if (A.getKind() == TemplateArgument::Pack)
          for (const TemplateArgument &E : A.pack_elements())
            if (E.getKind() == TemplateArgument::Type)
              collectLambdaLocations(E.getAsType(), Lambdas);
      }
    };
    for (const DeclContext *DC = FD; DC; DC = DC->getParent()) {
      if (const auto *F = dyn_cast<FunctionDecl>(DC); F && F->getTemplateSpecializationArgs())
        collect(F->getTemplateSpecializationArgs()->asArray());
      else if (const auto *CTS = dyn_cast<ClassTemplateSpecializationDecl>(DC))
        collect(CTS->getTemplateArgs().asArray());
    }
    std::string Out;
    for (const std::string &L : Lambdas)
      Out += (Out.empty() ? "" : ";") + L;
    return Out;
  }

  bool describeDomain(KernelSite &Site) {
    QualType T = Site.Domain->getType();
    llvm::StringRef Kind = getBuiltinTypeName(T);
    if (Kind == "extent") {
      Site.Rank = getIntTemplateArg(T, 0);
    } else if (Kind == "tiled_extent") {
      for (unsigned I = 0; I < 3; ++I)
        Site.Tile[I] = getIntTemplateArg(T, I);
      Site.Rank = Site.Tile[2] ? 3 : Site.Tile[1] ? 2 : 1;
      long Threads = 1;
      for (unsigned I = 0; I < Site.Rank; ++I) {
        if (Site.Tile[I] <= 0) {
          error(Diags, Site.Domain->getBeginLoc(), "tile extents must be positive, not %0") << Site.Tile[I];
          return false;
        }
        Threads *= Site.Tile[I];
      }
      if (Threads > 1024) {
        error(Diags, Site.Domain->getBeginLoc(),
              "a tile of %0 threads is more than the 1024 threads C++ AMP allows in one tile")
            << static_cast<int>(Threads);
        return false;
      }
    } else {
      error(Diags, Site.Domain->getBeginLoc(),
            "the compute domain of parallel_for_each must be an extent or a tiled_extent");
      return false;
    }
    if (Site.Rank < 1) {
      error(Diags, Site.Domain->getBeginLoc(), "the compute domain of parallel_for_each has rank %0, not 1 or more")
          << Site.Rank;
      return false;
    }
    return true;
  }

  bool describeKernel(KernelSite &Site) {
    const Expr *K = skipWrappers(Site.Kernel);
    const CXXRecordDecl *RD = K->getType()->getAsCXXRecordDecl();
    if (!RD) {
      error(Diags, K->getBeginLoc(), "the kernel of parallel_for_each must be a lambda or a function object");
      return false;
    }
    const CXXMethodDecl *Op = nullptr;
    for (const CXXMethodDecl *M : RD->methods())
      if (M->getOverloadedOperator() == OO_Call)
        Op = M;
    if (!Op || !Op->hasBody()) {
      error(Diags, K->getBeginLoc(), "the kernel has no call operator with a body");
      return false;
    }
    if (!isAmpCallable(Op)) {
      error(Diags, Op->getLocation(), "the kernel passed to parallel_for_each must be restrict(amp)");
      return false;
    }
    Site.Body = Op;
    if (Op->getNumParams() != 1) {
      error(Diags, Op->getLocation(), "a kernel takes exactly one index or tiled_index parameter");
      return false;
    }
    QualType P = Op->getParamDecl(0)->getType().getNonReferenceType();
    llvm::StringRef PKind = getBuiltinTypeName(P);
    bool WantTiled = Site.isTiled();
    bool Ok = WantTiled ? PKind == "tiled_index" : PKind == "index";
    if (Ok && !WantTiled)
      Ok = getIntTemplateArg(P, 0) == static_cast<int64_t>(Site.Rank);
    if (Ok && WantTiled)
      for (unsigned I = 0; I < 3; ++I)
        Ok = Ok && getIntTemplateArg(P, I) == Site.Tile[I];
    if (!Ok) {
      error(Diags, Op->getParamDecl(0)->getBeginLoc(), "the kernel parameter %0 does not match the compute domain %1")
          << P.getUnqualifiedType() << Site.Domain->getType().getUnqualifiedType();
      return false;
    }

    // A call spelled in a macro cannot be rewritten in place: the host launches through the kernel object.
    Site.ViaObject = Site.Call->getBeginLoc().isMacroID() || Site.Call->getEndLoc().isMacroID();
    const RecordDecl *Layout = RD->getDefinition();
    Site.ObjectSize = Ctx.getTypeSizeInChars(Ctx.getRecordType(Layout)).getQuantity();
    if (RD->isLambda()) {
      if (const auto *L = dyn_cast<LambdaExpr>(K))
        Site.Lambda = L;
      else
        Site.ViaObject = true; // a lambda kept in a variable
      return describeLambdaCaptures(Site, RD);
    }
    // A function object: each field is a capture, its bases' fields included, named through the object at the
    // call site, or read out of the object when the host cannot name it.
    addObjectFields(Site, sourceText(K), RD->getDefinition(), 0, {});
    return true;
  }

  // The fields of the function object's class RD, or of one of its bases at byte Offset in the object (Bases:
  // the classes from the object's own down to RD's base). A base's field is read out of the object, where a
  // field of the derived class may hide its name.
  void addObjectFields(KernelSite &Site, const std::string &Obj, const CXXRecordDecl *RD, uint64_t Offset,
                       const std::vector<const CXXRecordDecl *> &Bases) {
    const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
    for (const CXXBaseSpecifier &B : RD->bases()) {
      const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
      if (!BD || B.isVirtual() || BD->isEmpty())
        continue;
      std::vector<const CXXRecordDecl *> Path = Bases;
      Path.push_back(BD);
      addObjectFields(Site, Obj, BD->getDefinition(), Offset + RL.getBaseClassOffset(BD).getQuantity(), Path);
    }
    for (const FieldDecl *F : RD->fields()) {
      if (F->getAccess() != AS_public || !Bases.empty())
        Site.ViaObject = true;
      KernelCapture C;
      C.Decl = F;
      C.Type = F->getType().getNonReferenceType();
      C.ByRef = F->getType()->isReferenceType();
      C.HostExpr = "(" + Obj + ")." + F->getName().str();
      C.Loc = F->getLocation();
      C.Offset = Offset + Ctx.toCharUnitsFromBits(RL.getFieldOffset(F->getFieldIndex())).getQuantity();
      C.Size = Ctx.getTypeSizeInChars(F->getType()).getQuantity();
      C.Bases = Bases;
      addCapture(Site, C);
    }
  }

  // Adds a capture, as its fields when it is a class holding views (see KernelCapture::Path).
  void addCapture(KernelSite &Site, KernelCapture C) {
    bool HoldsViews = false;
    if (C.ByRef || !travelsAsFields(C.Type, HoldsViews) || !HoldsViews) {
      Site.Captures.push_back(C);
      return;
    }
    C.RootType = C.Type;
    addFields(Site, C, C.Type);
  }
  // The parts of Outer (of class type T) as captures: its bases' fields, then its own, each class that holds views
  // taken apart in turn.
  void addFields(KernelSite &Site, const KernelCapture &Outer, QualType T) {
    const auto *RD = T->getAsCXXRecordDecl()->getDefinition();
    const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
    for (const CXXBaseSpecifier &B : RD->bases()) {
      const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
      // An empty base has no member in the lowered struct, nor anything to pass.
      if (!BD || BD->isEmpty())
        continue;
      KernelCapture C = Outer;
      CapturePathStep Step;
      Step.Base = BD->getDefinition();
      C.Path.push_back(Step);
      C.Offset = Outer.Offset + RL.getBaseClassOffset(BD).getQuantity();
      C.Type = B.getType();
      C.ByRef = false;
      C.Size = Ctx.getASTRecordLayout(BD->getDefinition()).getDataSize().getQuantity();
      // The host cannot name a base (a derived class's field may hide one of the base's): it reads the base's
      // parts out of the kernel object.
      Site.ViaObject = true;
      bool Nested = false;
      if (travelsAsFields(C.Type, Nested) && Nested)
        addFields(Site, C, C.Type);
      else
        Site.Captures.push_back(C);
    }
    for (const FieldDecl *F : RD->fields()) {
      KernelCapture C = Outer;
      CapturePathStep Step;
      Step.Field = F;
      C.Path.push_back(Step);
      C.Type = F->getType().getNonReferenceType();
      C.ByRef = F->getType()->isReferenceType();
      C.HostExpr = Outer.HostExpr + "." + F->getName().str();
      C.Offset = Outer.Offset + Ctx.toCharUnitsFromBits(RL.getFieldOffset(F->getFieldIndex())).getQuantity();
      C.Size = Ctx.getTypeSizeInChars(F->getType()).getQuantity();
      // A field the call site cannot name (a closure's have no name at all): the host reads it out of the kernel
      // object, at the offset of the translator's layout, which is the host's (docs/design/kernel-identity-and-
      // launch.md, "Views inside closures").
      if (F->getAccess() == AS_private || F->getAccess() == AS_protected || RD->isLambda())
        Site.ViaObject = true;
      bool Nested = false;
      if (F->getType()->isRecordType() && travelsAsFields(C.Type, Nested) && Nested)
        addFields(Site, C, C.Type);
      else
        Site.Captures.push_back(C);
    }
  }

  bool describeLambdaCaptures(KernelSite &Site, const CXXRecordDecl *RD) {
    llvm::DenseMap<const ValueDecl *, FieldDecl *> Fields;
    FieldDecl *ThisField = nullptr;
    RD->getCaptureFields(Fields, ThisField);
    const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
    SourceLocation LambdaLoc = RD->getLocation();
    bool Ok = true;
    std::set<llvm::StringRef> Names;
    for (const LambdaCapture &LC : RD->captures()) {
      if (LC.capturesThis()) {
        error(Diags, LC.getLocation(),
              "a restrict(amp) lambda in cpu code cannot capture 'this'; copy the members it needs into locals");
        Ok = false;
        continue;
      }
      if (!LC.capturesVariable())
        continue;
      const auto *VD = dyn_cast<VarDecl>(LC.getCapturedVar());
      if (!VD) {
        error(Diags, LC.getLocation(), "this capture is not supported in a restrict(amp) lambda in cpu code");
        Ok = false;
        continue;
      }
      // The elements of a captured function parameter pack are variables of one name, which neither the host
      // code nor the kernel's parameters can tell apart.
      if (!Names.insert(VD->getName()).second) {
        error(Diags, LC.getLocation().isValid() ? LC.getLocation() : LambdaLoc,
              "a kernel cannot capture the parameter pack '%0'; copy its elements into variables of their own")
            << VD->getName();
        return false;
      }
      KernelCapture C;
      C.Decl = VD;
      C.Type = VD->getType().getNonReferenceType();
      C.ByRef = LC.getCaptureKind() == LCK_ByRef;
      C.HostExpr = VD->getName().str();
      C.Loc = LC.getLocation().isValid() ? LC.getLocation() : LambdaLoc;
      if (const FieldDecl *F = Fields.lookup(VD)) {
        C.Offset = Ctx.toCharUnitsFromBits(RL.getFieldOffset(F->getFieldIndex())).getQuantity();
        C.Size = Ctx.getTypeSizeInChars(F->getType()).getQuantity();
      }
      // Pointers, references and 'this' were reported by the amp type rules (checkCapturesFromHost).
      addCapture(Site, C);
    }
    return Ok;
  }

  std::string sourceText(const Expr *E) const {
    CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
    return Lexer::getSourceText(R, Ctx.getSourceManager(), Ctx.getLangOpts()).str();
  }

  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
  std::vector<const FunctionDecl *> FunctionStack;
};

} // namespace

std::vector<KernelSite> findKernels(ASTContext &Ctx) {
  Finder F(Ctx);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(F.Sites);
}

} // namespace ampcc
