// Restrictions C++ AMP infers (see RestrictInference.h).
#include "Frontend/RestrictInference.h"
#include "Frontend/RestrictAttr.h"
#include "Frontend/StandardLibrary.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaCUDA.h"

using namespace clang;

namespace ampcc {

namespace {

// Gives RD's member functions without a restriction of their own the restriction amp (or cpu and amp, with Cpu),
// and so the classes nested in RD and the classes local to those member functions: a member function's body is
// parsed before its class is complete, so a class local to it was completed while the function had no
// restriction yet.
void inferMemberRestrictions(CXXRecordDecl *RD, bool Cpu) {
  ASTContext &Ctx = RD->getASTContext();
  for (Decl *D : RD->decls()) {
    if (auto *Nested = dyn_cast<CXXRecordDecl>(D)) {
      if (!Nested->isInjectedClassName() && Nested->isThisDeclarationADefinition())
        inferMemberRestrictions(Nested, Cpu);
      continue;
    }
    auto *FD = dyn_cast<FunctionDecl>(D);
    if (auto *FT = dyn_cast<FunctionTemplateDecl>(D))
      FD = FT->getTemplatedDecl();
    // Members with a restriction of their own keep it; implicit members are inferred by Sema from these.
    if (!FD || FD->isImplicit() || FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAHostAttr>())
      continue;
    // Sema sees cpu and amp: the class's members were checked as it was parsed, before this runs, and calls
    // between them must stay valid. ampcc's own rules read the inferred restriction from the annotation.
    FD->addAttr(CUDADeviceAttr::CreateImplicit(Ctx));
    FD->addAttr(CUDAHostAttr::CreateImplicit(Ctx));
    FD->addAttr(AnnotateAttr::CreateImplicit(Ctx, Cpu ? "ampcc.restrict:cpu,amp" : "ampcc.restrict:amp", nullptr, 0));
    for (Decl *Inner : FD->decls())
      if (auto *Local = dyn_cast<CXXRecordDecl>(Inner); Local && Local->isThisDeclarationADefinition() &&
                                                         !Local->isLambda())
        inferMemberRestrictions(Local, Cpu);
  }
}

} // namespace

void inferLocalClassRestrictions(CXXRecordDecl *RD) {
  const FunctionDecl *Outer = RD ? RD->isLocalClass() : nullptr;
  // Only amp code infers: a class in a cpu function keeps cpu members, as any class.
  if (!Outer || !Outer->hasAttr<CUDADeviceAttr>())
    return;
  // A function whose restriction was inferred carries both targets for Sema; its annotation says which it has.
  bool Cpu = Outer->hasAttr<CUDAHostAttr>();
  for (const auto *A : Outer->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == "ampcc.restrict:amp")
      Cpu = false;
  inferMemberRestrictions(RD, Cpu);
}

namespace {

using Kind = CXXSpecialMemberKind;


// The special members of Class that a member of kind K of a containing class calls (a move falls back to the
// copy where the class declares no move).
llvm::SmallVector<const CXXMethodDecl *, 4> calledMembers(Sema &S, const CXXRecordDecl *Class, Kind K) {
  llvm::SmallVector<const CXXMethodDecl *, 4> Found;
  auto Collect = [&](Kind Want) {
    for (const CXXMethodDecl *MD : Class->methods())
      if (!MD->isDeleted() && S.getSpecialMember(MD) == Want)
        Found.push_back(MD);
  };
  Collect(K);
  if (Found.empty() && K == Kind::MoveConstructor)
    Collect(Kind::CopyConstructor);
  if (Found.empty() && K == Kind::MoveAssignment)
    Collect(Kind::CopyAssignment);
  return Found;
}

// The classes whose special members a special member of RD calls: its bases and its members of class type
// (arrays of them too).
llvm::SmallVector<CXXRecordDecl *, 8> subobjectClasses(const CXXRecordDecl *RD) {
  llvm::SmallVector<CXXRecordDecl *, 8> Classes;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (auto *C = B.getType()->getAsCXXRecordDecl())
      Classes.push_back(C);
  for (const CXXBaseSpecifier &B : RD->vbases())
    if (auto *C = B.getType()->getAsCXXRecordDecl())
      Classes.push_back(C);
  for (const FieldDecl *F : RD->fields()) {
    QualType T = RD->getASTContext().getBaseElementType(F->getType());
    if (auto *C = T->getAsCXXRecordDecl())
      Classes.push_back(C);
  }
  return Classes;
}

// Whether Class has, for some special member, a cpu-only and an amp-only overload.
bool overloadsSpecialMembersOnRestriction(Sema &S, const CXXRecordDecl *Class) {
  for (Kind K : {Kind::DefaultConstructor, Kind::CopyConstructor, Kind::MoveConstructor, Kind::CopyAssignment,
                 Kind::MoveAssignment}) {
    bool CpuOnly = false, AmpOnly = false;
    for (const CXXMethodDecl *MD : calledMembers(S, Class, K)) {
      RestrictionSet Si = targetRestriction(MD);
      CpuOnly |= Si.Cpu && !Si.Amp;
      AmpOnly |= Si.Amp && !Si.Cpu;
    }
    if (CpuOnly && AmpOnly)
      return true;
  }
  return false;
}

} // namespace

void inferImplicitMemberRestrictions(Sema &S, CXXRecordDecl *RD) {
  if (!RD || !RD->isCompleteDefinition() || RD->isDependentContext() || RD->isInvalidDecl() || RD->isLambda() ||
      RD->isUnion())
    return;
  llvm::SmallVector<CXXRecordDecl *, 8> Subobjects = subobjectClasses(RD);
  bool AnyOverloaded = false;
  for (CXXRecordDecl *C : Subobjects) {
    if (!C->hasDefinition() || C->isDependentContext())
      return;
    AnyOverloaded |= overloadsSpecialMembersOnRestriction(S, C);
  }
  if (!AnyOverloaded)
    return;
  S.ForceDeclarationOfImplicitMembers(RD);
  for (CXXRecordDecl *C : Subobjects)
    S.ForceDeclarationOfImplicitMembers(C);
  ASTContext &Ctx = RD->getASTContext();
  for (CXXMethodDecl *MD : RD->methods()) {
    Kind K = S.getSpecialMember(MD);
    // A member Sema deleted only for its inference's collision (it marks the member an invalid target then) is
    // judged again below; one deleted by C++'s rules stays deleted.
    bool Collided = MD->hasAttr<CUDAInvalidTargetAttr>();
    if (!MD->isImplicit() || (MD->isDeleted() && !Collided) || K == Kind::Invalid || K == Kind::Destructor)
      continue;
    RestrictionSet Both{true, true};
    for (const CXXRecordDecl *C : Subobjects) {
      RestrictionSet Offered;
      for (const CXXMethodDecl *Called : calledMembers(S, C, K)) {
        RestrictionSet Si = targetRestriction(Called);
        Offered.Cpu |= Si.Cpu;
        Offered.Amp |= Si.Amp;
      }
      Both.Cpu &= Offered.Cpu;
      Both.Amp &= Offered.Amp;
    }
    // No side at all: Sema's verdict stands (a call reports the missing overload in its words).
    if (!Both.Cpu && !Both.Amp)
      continue;
    // Sema's inference may have found a collision between the one overload per base it looked at; there is none.
    MD->dropAttr<CUDAInvalidTargetAttr>();
    MD->dropAttr<CUDAHostAttr>();
    MD->dropAttr<CUDADeviceAttr>();
    // Not implicit attributes: Sema infers again (when it checks whether to delete the member, when it explains
    // a call) unless the targets look written.
    if (Both.Amp)
      MD->addAttr(CUDADeviceAttr::Create(Ctx));
    if (Both.Cpu)
      MD->addAttr(CUDAHostAttr::Create(Ctx));
    if (MD->isDeleted() && !S.ShouldDeleteSpecialMember(MD, K))
      MD->setDeletedAsWritten(false);
  }
}

void inferLambdaRestriction(Sema &S, Decl *D) {
  auto *MD = dyn_cast<CXXMethodDecl>(D);
  if (!MD || !MD->getParent()->isLambda() || MD->hasAttr<CUDAHostAttr>() || MD->hasAttr<CUDADeviceAttr>() ||
      S.getSourceManager().isInSystemHeader(MD->getLocation()))
    return;
  // The closure class belongs to the context the lambda is written in: a function (another lambda's call operator
  // included), a class (a default member initializer) or a namespace (a variable's initializer).
  const DeclContext *Context = MD->getParent()->getDeclContext();
  while (Context && (isa<BlockDecl>(Context) || isa<CapturedDecl>(Context)))
    Context = Context->getParent();
  const auto *Outer = dyn_cast_or_null<FunctionDecl>(Context);
  if (Outer && Outer->hasAttr<CUDADeviceAttr>())
    return;
  MD->addAttr(CUDAHostAttr::CreateImplicit(S.getASTContext()));
}

void inferTypedefRestriction(Sema &S, Decl *D) {
  auto *FD = dyn_cast<FunctionDecl>(D);
  if (!FD || FD->hasAttr<CUDAHostAttr>() || FD->hasAttr<CUDADeviceAttr>() || !FD->getTypeSourceInfo())
    return;
  const auto *TT = FD->getTypeSourceInfo()->getType()->getAs<TypedefType>();
  if (!TT)
    return;
  for (const auto *A : TT->getDecl()->specific_attrs<AnnotateAttr>()) {
    llvm::StringRef List = A->getAnnotation();
    if (!List.consume_front("ampcc.restrict:"))
      continue;
    std::optional<RestrictionSet> Set = readRestrictionList(List);
    if (!Set)
      return;
    ASTContext &Ctx = S.getASTContext();
    if (Set->Cpu)
      FD->addAttr(CUDAHostAttr::CreateImplicit(Ctx));
    if (Set->Amp)
      FD->addAttr(CUDADeviceAttr::CreateImplicit(Ctx));
    FD->addAttr(AnnotateAttr::CreateImplicit(Ctx, A->getAnnotation(), nullptr, 0));
    return;
  }
}

namespace {

// The attribute the consumer's `#pragma clang attribute` entry applies to every member function as it is declared
// (lambdas' call operators are member functions): it runs inferLambdaRestriction there. Sema processes it after
// the attributes written on the declaration, so a lambda's own restriction specifier is seen first.
constexpr llvm::StringLiteral LambdaContextAttrName = "ampcc_lambda_context";

struct LambdaContextAttrInfo : ParsedAttrInfo {
  LambdaContextAttrInfo() {
    static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, LambdaContextAttrName.data()}};
    Spellings = S;
  }
  bool diagAppertainsToDecl(Sema &, const ParsedAttr &, const Decl *) const override { return true; }
  AttrHandling handleDeclAttribute(Sema &S, Decl *D, const ParsedAttr &) const override {
    inferLambdaRestriction(S, D);
    inferTypedefRestriction(S, D);
    return AttributeApplied;
  }
};

ParsedAttrInfoRegistry::Add<LambdaContextAttrInfo> RegisteredLambdaContext(LambdaContextAttrName.data(),
                                                                           "C++ AMP lambda restriction inference");

} // namespace

RestrictionInferenceConsumer::RestrictionInferenceConsumer() = default;
RestrictionInferenceConsumer::~RestrictionInferenceConsumer() = default;

void RestrictionInferenceConsumer::InitializeSema(Sema &S) {
  SemaRef = &S;
  Context = std::make_unique<RestrictionContext>(S);
  Preprocessor &PP = S.getPreprocessor();
  // One entry for the whole parse, in a namespace of its own so that no `#pragma clang attribute pop` of the
  // user's can end it. Sema reports an entry left at the end of the translation unit (before the consumer hears of
  // the end), so it is removed when the preprocessor hands the parser the main file's end.
  Factory = std::make_unique<AttributeFactory>();
  Attrs = std::make_unique<ParsedAttributes>(*Factory);
  ParsedAttr *Attr = Attrs->addNew(&PP.getIdentifierTable().get(LambdaContextAttrName), SourceRange(), nullptr,
                                   SourceLocation(), nullptr, 0, ParsedAttr::Form::GNU());
  EntryNamespace = &PP.getIdentifierTable().get("__ampcc_inference");
  S.ActOnPragmaAttributeEmptyPush(SourceLocation(), EntryNamespace);
  attr::ParsedSubjectMatchRuleSet Rules;
  Rules[attr::SubjectMatchRule_function_is_member] = SourceRange();
  S.ActOnPragmaAttributeAttribute(*Attr, SourceLocation(), std::move(Rules));
  PP.setTokenWatcher([this, &PP](const Token &T) {
    if (!T.is(tok::eof) || !PP.getSourceManager().isWrittenInMainFile(T.getLocation())) {
      Context->onToken(T);
      return;
    }
    Context->finish();
    removeLambdaRestrictionEntry();
  });
}

void RestrictionInferenceConsumer::removeLambdaRestrictionEntry() {
  if (!SemaRef)
    return;
  auto &Stack = SemaRef->PragmaAttributeStack;
  for (auto It = Stack.begin(); It != Stack.end(); ++It)
    if (It->Namespace == EntryNamespace) {
      Stack.erase(It);
      break;
    }
}

std::vector<std::pair<const FunctionDecl *, SourceLocation>> RestrictionInferenceConsumer::refusedCalls() const {
  std::vector<std::pair<const FunctionDecl *, SourceLocation>> Out;
  if (SemaRef)
    for (const SemaCUDA::FunctionDeclAndLoc &C : SemaRef->CUDA().LocsWithCUDACallDiags)
      Out.push_back({C.FD, C.Loc});
  return Out;
}

void RestrictionInferenceConsumer::ForgetSema() {
  if (SemaRef) {
    removeLambdaRestrictionEntry();
    SemaRef->getPreprocessor().setTokenWatcher(nullptr);
  }
  Context.reset();
  SemaRef = nullptr;
}

void RestrictionInferenceConsumer::HandleTagDeclDefinition(TagDecl *D) {
  auto *RD = dyn_cast<CXXRecordDecl>(D);
  inferLocalClassRestrictions(RD);
  if (SemaRef)
    inferImplicitMemberRestrictions(*SemaRef, RD);
}

namespace {

void makeTargetBuiltinsCpu(Decl *D) {
  if (auto *LS = dyn_cast<LinkageSpecDecl>(D)) {
    for (Decl *Inner : LS->decls())
      makeTargetBuiltinsCpu(Inner);
    return;
  }
  auto *FD = dyn_cast<FunctionDecl>(D);
  if (!FD || !FD->getBuiltinID())
    return;
  ASTContext &Ctx = FD->getASTContext();
  const auto *Device = FD->getAttr<CUDADeviceAttr>();
  if (!Ctx.BuiltinInfo.isTSBuiltin(FD->getBuiltinID()) || !Device || !Device->isImplicit() ||
      FD->hasAttr<CUDAHostAttr>())
    return;
  FD->dropAttr<CUDADeviceAttr>();
  FD->addAttr(CUDAHostAttr::CreateImplicit(Ctx));
}

} // namespace

bool RestrictionInferenceConsumer::HandleTopLevelDecl(DeclGroupRef D) {
  for (Decl *Each : D)
    makeTargetBuiltinsCpu(Each);
  return true;
}

bool RestrictionInferenceConsumer::shouldSkipFunctionBody(Decl *D) {
  return SemaRef && inStandardLibrary(D, SemaRef->getSourceManager());
}

} // namespace ampcc
