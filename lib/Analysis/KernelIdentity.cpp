// Kernel identity: keys that name a place in the source and the template arguments in scope there, spelled
// alike by the template's text (for the host compiler to instantiate) and at the end of the file (for each
// instantiation the translator lowered). include/ampcc/amp_launch.h has the host's half (identity_of).
#include "Analysis/KernelIdentity.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

using namespace clang;

namespace ampcc {
namespace {

constexpr llvm::StringLiteral Detail = "::ampcc::detail::";

std::string join(const std::vector<std::string> &Parts) {
  std::string Out;
  for (const std::string &P : Parts)
    Out += ", " + P;
  return Out;
}

// Whether a template's parameters are all types (packs included): identity_of's `T<A...>` form.
bool takesOnlyTypes(const TemplateParameterList *Params) {
  return llvm::all_of(*Params, [](const NamedDecl *P) { return isa<TemplateTypeParmDecl>(P); });
}

// Whether a template's parameters are a type and an int: identity_of's `T<A, N>` form (array_view<T, N>).
bool takesTypeAndInt(const TemplateParameterList *Params) {
  if (Params->size() != 2 || !isa<TemplateTypeParmDecl>(Params->getParam(0)) ||
      Params->getParam(0)->isTemplateParameterPack())
    return false;
  const auto *N = dyn_cast<NonTypeTemplateParmDecl>(Params->getParam(1));
  return N && !N->isParameterPack() && N->getType()->isSpecificBuiltinType(BuiltinType::Int);
}

// The parameters of a class template as its definition names them (the names in scope in its members).
const TemplateParameterList *definitionParameters(const ClassTemplateDecl *T) {
  if (const CXXRecordDecl *Def = T->getTemplatedDecl()->getDefinition())
    if (const ClassTemplateDecl *D = Def->getDescribedClassTemplate())
      return D->getTemplateParameters();
  return T->getTemplateParameters();
}

} // namespace

// A name for an unnamed parameter, given in the host text after the token at After (`typename`, `auto`).
std::optional<std::string> KernelIdentity::nameUnnamed(const NamedDecl *P, SourceLocation After) {
  SourceManager &SM = Ctx.getSourceManager();
  if (P->isImplicit() || After.isInvalid() || After.isMacroID() || SM.isInSystemHeader(After))
    return std::nullopt;
  IdentityTag Tag;
  Tag.What = IdentityTag::ParameterName;
  Tag.Begin = After;
  // Named by its place: unique among the parameters in scope.
  Tag.Key = "ampcc_unnamed_" + std::to_string(SM.getFileOffset(After));
  auto [It, New] = Tags.emplace(After, Tag);
  if (!New && It->second.Key != Tag.Key)
    return std::nullopt;
  return Tag.Key;
}

std::string KernelIdentity::printed(QualType T) const {
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.FullyQualifiedName = true;
  Policy.SuppressScope = false;
  Policy.SuppressUnwrittenScope = true;
  Policy.PrintCanonicalTypes = true;
  return T.getAsString(Policy);
}

// The place of a key: its file's real path, line and column, hashed, so that a header's kernels have the same
// keys in every translation unit that includes it. Text written in a macro's argument is at its spelling; text
// of a macro's definition has no place of its own (one text, many expansions).
std::optional<std::string> KernelIdentity::placeOf(SourceLocation Loc) {
  SourceManager &SM = Ctx.getSourceManager();
  if (Loc.isMacroID()) {
    if (!SM.isMacroArgExpansion(Loc))
      return std::nullopt;
    Loc = SM.getSpellingLoc(Loc);
    if (Loc.isMacroID())
      return std::nullopt;
  }
  if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
    return std::nullopt;
  FileID F = SM.getFileID(Loc);
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(F);
  if (!Entry)
    return std::nullopt;
  llvm::StringRef Path = Entry->getFileEntry().tryGetRealPathName();
  if (Path.empty())
    Path = Entry->getName();
  std::string Text = Path.str() + ":" + std::to_string(SM.getSpellingLineNumber(Loc)) + ":" +
                     std::to_string(SM.getSpellingColumnNumber(Loc));
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::format_hex(llvm::xxh3_64bits(llvm::StringRef(Text)), 18) << "ULL";
  return Out;
}

bool KernelIdentity::inTemplateInstantiation(const DeclContext *DC) {
  for (; DC && !DC->isFileContext(); DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC); FD && FD->isTemplateInstantiation())
      return true;
    if (const auto *CTS = dyn_cast<ClassTemplateSpecializationDecl>(DC);
        CTS && CTS->getSpecializationKind() != TSK_ExplicitSpecialization)
      return true;
  }
  return false;
}

std::optional<IdentityKey> KernelIdentity::keyAt(SourceLocation Loc, const DeclContext *DC) {
  std::optional<std::string> Place = placeOf(Loc);
  Parts P;
  if (!Place || !contextParts(DC, P))
    return std::nullopt;
  IdentityKey K;
  K.InTemplate = !P.Pattern.empty();
  K.Pattern = (Detail + "site<" + *Place + join(P.Pattern) + ">").str();
  K.Concrete = (Detail + "site<" + *Place + join(P.Concrete) + ">").str();
  return K;
}

// The template parameters in scope in DC, outermost first, with this instantiation's arguments: the enclosing
// class templates' (a partial specialization's own), function templates', and the parameters of generic lambdas
// (as decltype(p)). The parameters are named as the text in scope names them: an out-of-line member's written
// lists name its classes' parameters.
bool KernelIdentity::contextParts(const DeclContext *DC, Parts &Out) {
  struct Level {
    const TemplateParameterList *Params = nullptr;
    llvm::ArrayRef<TemplateArgument> Args;
    const FunctionDecl *GenericLambda = nullptr;
  };
  std::vector<Level> Levels; // innermost first
  // Written outer parameter lists of an out-of-line definition, outermost first, for the class levels above it.
  std::vector<const TemplateParameterList *> Written;
  size_t WrittenFrom = 0; // the index in Levels of the first class level those lists name
  for (; DC && !DC->isFileContext(); DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC)) {
      if (isLambdaCallOperator(FD) && FD->getPrimaryTemplate()) {
        Levels.push_back({nullptr, {}, FD});
        continue;
      }
      const FunctionDecl *Def = FD->getTemplateInstantiationPattern();
      if (FD->getPrimaryTemplate() && Def &&
          FD->getTemplateSpecializationKind() != TSK_ExplicitSpecialization) {
        const FunctionTemplateDecl *T = Def->getDescribedFunctionTemplate();
        Levels.push_back({T ? T->getTemplateParameters() : FD->getPrimaryTemplate()->getTemplateParameters(),
                          FD->getTemplateSpecializationArgs()->asArray()});
      }
      if (Def && Written.empty() && Def->getNumTemplateParameterLists() > 0) {
        for (unsigned I = 0; I < Def->getNumTemplateParameterLists(); ++I)
          if (Def->getTemplateParameterList(I)->size() > 0)
            Written.push_back(Def->getTemplateParameterList(I));
        WrittenFrom = Levels.size();
      }
      continue;
    }
    const auto *CTS = dyn_cast<ClassTemplateSpecializationDecl>(DC);
    if (!CTS || CTS->getSpecializationKind() == TSK_ExplicitSpecialization)
      continue;
    auto From = CTS->getSpecializedTemplateOrPartial();
    if (const auto *Partial = From.dyn_cast<ClassTemplatePartialSpecializationDecl *>())
      Levels.push_back({Partial->getTemplateParameters(), CTS->getTemplateInstantiationArgs().asArray()});
    else
      Levels.push_back({definitionParameters(CTS->getSpecializedTemplate()), CTS->getTemplateArgs().asArray()});
  }
  // The written lists name the class levels just above the definition, innermost last.
  for (size_t I = 0; I < Written.size(); ++I) {
    size_t L = WrittenFrom + (Written.size() - 1 - I);
    if (L >= Levels.size() || Levels[L].GenericLambda || Levels[L].Params->size() != Written[I]->size())
      return false;
    Levels[L].Params = Written[I];
  }
  for (auto L = Levels.rbegin(); L != Levels.rend(); ++L) {
    if (L->Params) {
      if (!addArguments(L->Params, L->Args, Out))
        return false;
      continue;
    }
    // A generic lambda's instantiation: its parameters whose types the instantiation decided, by decltype.
    const FunctionDecl *Op = L->GenericLambda;
    const FunctionDecl *Pattern = Op->getTemplateInstantiationPattern();
    if (!Pattern || Pattern->getNumParams() != Op->getNumParams())
      return false;
    for (unsigned I = 0; I < Pattern->getNumParams(); ++I) {
      const ParmVarDecl *P = Pattern->getParamDecl(I);
      if (!P->getType()->isDependentType())
        continue;
      std::optional<std::string> Id = identityOf(Op->getParamDecl(I)->getType());
      if (P->isParameterPack() || !Id)
        return false;
      std::string Name = P->getName().str();
      if (Name.empty()) {
        const TypeSourceInfo *TSI = P->getTypeSourceInfo();
        std::optional<std::string> Given =
            TSI ? nameUnnamed(P, TSI->getTypeLoc().getEndLoc()) : std::nullopt;
        if (!Given)
          return false;
        Name = *Given;
      }
      Out.Pattern.push_back((Detail + "identity_of_t<decltype(" + Name + ")>").str());
      Out.Concrete.push_back(*Id);
    }
  }
  return true;
}

bool KernelIdentity::addArguments(const TemplateParameterList *Params, llvm::ArrayRef<TemplateArgument> Args,
                                  Parts &Out) {
  for (unsigned I = 0; I < Params->size(); ++I) {
    const NamedDecl *P = Params->getParam(I);
    if (I >= Args.size())
      return false;
    std::string Name = P->getNameAsString();
    if (Name.empty()) {
      // An unnamed type or value parameter is named in the host text, after its keyword or type.
      SourceLocation After;
      if (isa<TemplateTypeParmDecl>(P))
        After = P->getBeginLoc();
      else if (const auto *NT = dyn_cast<NonTypeTemplateParmDecl>(P); NT && NT->getTypeSourceInfo())
        After = NT->getTypeSourceInfo()->getTypeLoc().getEndLoc();
      std::optional<std::string> Given =
          After.isValid() && !P->isTemplateParameterPack() ? nameUnnamed(P, After) : std::nullopt;
      if (!Given)
        return false;
      Name = *Given;
    }
    bool Pack = P->isTemplateParameterPack();
    llvm::ArrayRef<TemplateArgument> Given = Args[I];
    if (Pack) {
      if (Args[I].getKind() != TemplateArgument::Pack)
        return false;
      Given = Args[I].pack_elements();
    }
    std::string Dots = Pack ? "..." : "";
    if (isa<TemplateTypeParmDecl>(P)) {
      Out.Pattern.push_back((Detail + "identity_of_t<" + Name + ">" + Dots).str());
      for (const TemplateArgument &A : Given) {
        std::optional<std::string> Id =
            A.getKind() == TemplateArgument::Type ? identityOf(A.getAsType()) : std::nullopt;
        if (!Id)
          return false;
        Out.Concrete.push_back(*Id);
      }
    } else if (const auto *NT = dyn_cast<NonTypeTemplateParmDecl>(P)) {
      if (NT->getType()->isReferenceType())
        return false;
      Out.Pattern.push_back((Detail + "value<" + Name + ">" + Dots).str());
      for (const TemplateArgument &A : Given) {
        std::optional<std::string> V = valueOf(A);
        if (!V)
          return false;
        Out.Concrete.push_back((Detail + "value<" + *V + ">").str());
      }
    } else {
      const auto *TT = cast<TemplateTemplateParmDecl>(P);
      if (Pack || !takesOnlyTypes(TT->getTemplateParameters()))
        return false;
      const TemplateDecl *T = Args[I].getKind() == TemplateArgument::Template
                                  ? Args[I].getAsTemplate().getAsTemplateDecl()
                                  : nullptr;
      if (!T || !T->getDeclContext()->isFileContext() || T->getName().empty())
        return false;
      Out.Pattern.push_back((Detail + "type_template<" + Name + ">").str());
      Out.Concrete.push_back((Detail + "type_template<::" + T->getQualifiedNameAsString() + ">").str());
    }
  }
  return true;
}

// A non-type template argument as `value<...>` takes it: an integer or enumerator with its type, the address of
// a declaration, a null pointer.
std::optional<std::string> KernelIdentity::valueOf(const TemplateArgument &A) {
  switch (A.getKind()) {
  case TemplateArgument::Integral: {
    QualType T = A.getIntegralType();
    std::optional<std::string> Type = identityOf(T);
    if (!Type)
      return std::nullopt;
    llvm::APSInt V = A.getAsIntegral();
    if (T->isBooleanType())
      return std::string(V.getBoolValue() ? "true" : "false");
    // A literal of its own width: the type's minimum has no literal.
    if (V.isSigned() && V.isMinSignedValue())
      return std::nullopt;
    return "(" + *Type + ")" + toString(V, 10) + (V.isUnsigned() ? "ULL" : "LL");
  }
  case TemplateArgument::Declaration: {
    const ValueDecl *D = A.getAsDecl();
    if (!A.getParamTypeForDecl()->isPointerType() || !D->getDeclContext()->isFileContext() ||
        D->getName().empty())
      return std::nullopt;
    return "&::" + D->getQualifiedNameAsString();
  }
  case TemplateArgument::NullPtr: {
    std::optional<std::string> Type = identityOf(A.getNullPtrType());
    if (!Type)
      return std::nullopt;
    return "(" + *Type + ")nullptr";
  }
  default:
    return std::nullopt;
  }
}

// Whether T names a lambda's closure type or a local class, which only an identity reaches from the end of the
// file; a type naming neither is printed as it is.
bool KernelIdentity::needsIdentity(QualType T) {
  T = T.getCanonicalType();
  if (const auto *R = T->getAs<ReferenceType>())
    return needsIdentity(R->getPointeeType());
  if (const auto *P = T->getAs<PointerType>())
    return needsIdentity(P->getPointeeType());
  if (const auto *A = dyn_cast<ArrayType>(T.getTypePtr()))
    return needsIdentity(A->getElementType());
  if (const auto *MP = T->getAs<MemberPointerType>())
    return needsIdentity(QualType(MP->getClass(), 0)) || needsIdentity(MP->getPointeeType());
  if (const auto *FT = T->getAs<FunctionProtoType>())
    return needsIdentity(FT->getReturnType()) ||
           llvm::any_of(FT->param_types(), [&](QualType P) { return needsIdentity(P); });
  const TagDecl *D = T->getAsTagDecl();
  if (!D)
    return false;
  if (D->getParentFunctionOrMethod())
    return true;
  if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(D))
    for (const TemplateArgument &A : S->getTemplateArgs().asArray()) {
      if (A.getKind() == TemplateArgument::Type && needsIdentity(A.getAsType()))
        return true;
      if (A.getKind() == TemplateArgument::Pack)
        for (const TemplateArgument &E : A.pack_elements())
          if (E.getKind() == TemplateArgument::Type && needsIdentity(E.getAsType()))
            return true;
    }
  return false;
}

std::optional<std::string> KernelIdentity::identityOf(QualType T) {
  T = T.getCanonicalType();
  if (!needsIdentity(T)) {
    std::string P = printed(T);
    if (llvm::StringRef(P).contains("(lambda") || llvm::StringRef(P).contains("(anonymous") ||
        llvm::StringRef(P).contains("(unnamed"))
      return std::nullopt;
    return P;
  }
  // Every form below is a name, so that a qualifier put before it applies to the whole type.
  if (T.hasLocalQualifiers()) {
    std::optional<std::string> Inner = identityOf(T.getLocalUnqualifiedType());
    if (!Inner || T.hasLocalNonFastQualifiers())
      return std::nullopt;
    return std::string(T.isLocalConstQualified() ? "const " : "") +
           (T.isLocalVolatileQualified() ? "volatile " : "") + *Inner;
  }
  auto wrap = [&](llvm::StringRef Form, QualType Inner, std::string Extra = "") -> std::optional<std::string> {
    std::optional<std::string> I = identityOf(Inner);
    if (!I)
      return std::nullopt;
    return (Form + "<" + *I + Extra + ">").str();
  };
  if (const auto *R = T->getAs<LValueReferenceType>())
    return wrap("::std::add_lvalue_reference_t", R->getPointeeType());
  if (const auto *R = T->getAs<RValueReferenceType>())
    return wrap("::std::add_rvalue_reference_t", R->getPointeeType());
  if (const auto *P = T->getAs<PointerType>())
    return wrap("::std::add_pointer_t", P->getPointeeType());
  if (const auto *A = dyn_cast<ConstantArrayType>(T.getTypePtr()))
    return wrap((Detail + "array_of").str(), A->getElementType(), ", " + toString(A->getSize(), 10, false));
  if (const auto *A = dyn_cast<IncompleteArrayType>(T.getTypePtr()))
    return wrap((Detail + "array_of_unknown_bound").str(), A->getElementType());
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return std::nullopt;
  if (RD->isLambda())
    return lambdaIdentity(RD);
  if (RD->getParentFunctionOrMethod())
    return localClassIdentity(RD);
  const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!S)
    return std::nullopt;
  const ClassTemplateDecl *Template = S->getSpecializedTemplate();
  const TemplateParameterList *Params = Template->getTemplateParameters();
  if (!Template->getDeclContext()->isFileContext() || (!takesOnlyTypes(Params) && !takesTypeAndInt(Params)))
    return std::nullopt;
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressUnwrittenScope = true;
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  Template->printQualifiedName(OS, Policy);
  // An argument needs an identity: the class is named as identity_of names it, instance<type_template<T>, ...>.
  std::vector<std::string> Args = {(Detail + (takesOnlyTypes(Params) ? "type_template<::" : "type_int_template<::") +
                                    OS.str() + ">")
                                       .str()};
  for (const TemplateArgument &A : S->getTemplateArgs().asArray()) {
    llvm::ArrayRef<TemplateArgument> Elements = A;
    if (A.getKind() == TemplateArgument::Pack)
      Elements = A.pack_elements();
    for (const TemplateArgument &E : Elements) {
      if (E.getKind() == TemplateArgument::Integral) {
        Args.push_back((Detail + "value<" + toString(E.getAsIntegral(), 10) + ">").str());
        continue;
      }
      std::optional<std::string> Id =
          E.getKind() == TemplateArgument::Type ? identityOf(E.getAsType()) : std::nullopt;
      if (!Id)
        return std::nullopt;
      Args.push_back(*Id);
    }
  }
  return (Detail + "instance<" + join(Args).substr(2) + ">").str();
}

// A key for the text at At in DC, and the tag that makes it the identity of the type written there.
std::optional<std::string> KernelIdentity::taggedKey(SourceLocation At, const DeclContext *DC, IdentityTag Tag) {
  std::optional<IdentityKey> K = keyAt(At, DC);
  if (!K)
    return std::nullopt;
  Tag.Key = K->Pattern;
  auto [It, New] = Tags.emplace(Tag.Begin, Tag);
  // Every instantiation's text is the template's: one key as written.
  if (!New && It->second.Key != Tag.Key)
    return std::nullopt;
  return K->Concrete;
}

// A lambda's identity is the key of its place: the host text wraps the lambda in `tag<KEY>(...)`. A lambda
// written in a macro's definition has no text of its own to wrap.
std::optional<std::string> KernelIdentity::lambdaIdentity(const CXXRecordDecl *RD) {
  if (auto It = Known.find(RD); It != Known.end())
    return It->second;
  std::optional<std::string> &Result = Known[RD];
  SourceManager &SM = Ctx.getSourceManager();
  const CXXMethodDecl *Op = RD->getLambdaCallOperator();
  const Stmt *Body = Op ? Op->getBody() : nullptr;
  if (!Body)
    return Result;
  auto fileLoc = [&](SourceLocation L) -> SourceLocation {
    if (!L.isMacroID())
      return L;
    if (!SM.isMacroArgExpansion(L))
      return SourceLocation();
    L = SM.getSpellingLoc(L);
    return L.isMacroID() ? SourceLocation() : L;
  };
  IdentityTag Tag;
  Tag.Begin = fileLoc(RD->getLocation());
  Tag.End = fileLoc(Body->getEndLoc());
  if (Tag.Begin.isInvalid() || Tag.End.isInvalid() || SM.getFileID(Tag.Begin) != SM.getFileID(Tag.End) ||
      SM.isInSystemHeader(Tag.Begin))
    return Result;
  Result = taggedKey(RD->getLocation(), RD->getDeclContext(), Tag);
  return Result;
}

// A local class's identity is the key of its place, given to it as two member typedefs (ampcc_local_identity,
// and ampcc_local_owner so that a derived class does not inherit it).
std::optional<std::string> KernelIdentity::localClassIdentity(const CXXRecordDecl *RD) {
  if (auto It = Known.find(RD); It != Known.end())
    return It->second;
  std::optional<std::string> &Result = Known[RD];
  const CXXRecordDecl *Def = RD->getDefinition();
  if (!Def || Def->getName().empty() || Def->isUnion())
    return Result;
  IdentityTag Tag;
  Tag.What = IdentityTag::LocalClass;
  // An instantiation's class keeps its pattern's places.
  Tag.Begin = Def->getBraceRange().getBegin();
  Tag.ClassName = Def->getName().str();
  Tag.ClassKey = Def->isClass();
  SourceManager &SM = Ctx.getSourceManager();
  if (Tag.Begin.isInvalid() || Tag.Begin.isMacroID() || SM.isInSystemHeader(Tag.Begin))
    return Result;
  Result = taggedKey(Def->getLocation(), Def->getDeclContext(), Tag);
  return Result;
}

} // namespace ampcc
