// MSVC properties on the host (see PropertyUses.h).
#include "Rewrite/PropertyUses.h"

#include "Analysis/Diagnostics.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace ampcc {
namespace {

class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitPseudoObjectExpr(PseudoObjectExpr *E) {
    const Expr *Syntax = E->getSyntacticForm();
    const MSPropertyRefExpr *Ref = nullptr;
    bool Write = false;
    if (const auto *BO = dyn_cast<BinaryOperator>(Syntax); BO && BO->isAssignmentOp()) {
      Ref = dyn_cast<MSPropertyRefExpr>(BO->getLHS()->IgnoreParens());
      Write = true;
    } else if (const auto *UO = dyn_cast<UnaryOperator>(Syntax); UO && UO->isIncrementDecrementOp()) {
      Ref = dyn_cast<MSPropertyRefExpr>(UO->getSubExpr()->IgnoreParens());
      Write = true;
    } else {
      Ref = dyn_cast<MSPropertyRefExpr>(Syntax->IgnoreParens());
    }
    if (!Ref)
      return true;
    SourceLocation Member = written(Ref->getMemberLoc());
    if (Member.isInvalid() || SM.isInSystemHeader(Member) || !Done.insert(Member.getRawEncoding()).second)
      return true;
    const MSPropertyDecl *Prop = Ref->getPropertyDecl();
    FileID F = SM.getFileID(Member);
    unsigned NameOffset = SM.getFileOffset(Member);
    unsigned NameLength = Prop->getName().size();
    if (!Write) {
      if (!Prop->hasGetter()) {
        error(Ctx.getDiagnostics(), Member, "the property '%0' has no getter to read it with") << Prop->getName();
        return true;
      }
      Uses.Edits[F].push_back({NameOffset, NameLength, Prop->getGetterId()->getName().str() + "()"});
      return true;
    }
    // `base.name` or `base->name`: `::ampcc::detail::put<Tag>((base))` or `...put<Tag>(*(base))`.
    const Expr *Base = Ref->getBaseExpr();
    SourceLocation BaseBegin = written(Base->getBeginLoc());
    if (Ref->isImplicitAccess() || BaseBegin.isInvalid() || SM.getFileID(BaseBegin) != F) {
      error(Ctx.getDiagnostics(), Member, "ampcc can write the property '%0' only through an object named before it "
                                          "in the same file (write this->%0)")
          << Prop->getName();
      return true;
    }
    if (!Prop->hasGetter() || !Prop->hasSetter()) {
      error(Ctx.getDiagnostics(), Member, "ampcc writes the property '%0' through its getter and setter, and it "
                                          "lacks one")
          << Prop->getName();
      return true;
    }
    std::string Tag = tag(Prop->getGetterId()->getName(), Prop->getSetterId()->getName());
    // The `.` or `->` before the name: from the base's end to the name's end.
    SourceLocation BaseEnd = Lexer::getLocForEndOfToken(written(Base->getEndLoc()), 0, SM, Ctx.getLangOpts());
    if (BaseEnd.isInvalid() || SM.getFileID(BaseEnd) != F)
      return true;
    unsigned From = SM.getFileOffset(BaseEnd);
    Uses.Edits[F].push_back({SM.getFileOffset(BaseBegin), 0,
                             "::ampcc::detail::put<::" + Tag + ">(" + std::string(Ref->isArrow() ? "*(" : "(")});
    Uses.Edits[F].push_back({From, NameOffset + NameLength - From, "))"});
    return true;
  }

  // A property declared in the user's file: the host has no such member, so its declaration is blanked (not
  // removed: the lines stay).
  bool VisitMSPropertyDecl(MSPropertyDecl *D) {
    CharSourceRange R = SM.getExpansionRange(D->getSourceRange());
    if (R.isInvalid() || SM.isInSystemHeader(R.getBegin()) || !Done.insert(R.getBegin().getRawEncoding()).second)
      return true;
    SourceLocation End = Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts());
    if (End.isInvalid() || SM.getFileID(End) != SM.getFileID(R.getBegin()))
      return true;
    unsigned Begin = SM.getFileOffset(R.getBegin()), Length = SM.getFileOffset(End) - Begin;
    std::string Blank(SM.getBufferData(SM.getFileID(R.getBegin())).substr(Begin, Length));
    blankRanges(Blank, {{0, Length}});
    Uses.Edits[SM.getFileID(R.getBegin())].push_back({Begin, Length, Blank});
    return true;
  }

  PropertyUses take() { return std::move(Uses); }

private:
  // Where L's text is written in a file: L itself, or, for a token of a macro's argument (`assert(v.a == 1)`),
  // where the argument is written, through every level of arguments passed on. Invalid for a token of a macro's
  // own body, which the edit cannot change for this use alone. The edit there also changes what the macro's
  // `#` makes of the argument (`v.get_a() == 1`).
  SourceLocation written(SourceLocation L) const {
    while (L.isValid() && L.isMacroID()) {
      if (!SM.isMacroArgExpansion(L))
        return SourceLocation();
      L = SM.getImmediateSpellingLoc(L);
    }
    return L;
  }

  std::string tag(llvm::StringRef Getter, llvm::StringRef Setter) {
    std::string Name = "ampcc_property_" + Getter.str() + "_" + Setter.str();
    if (Tags.insert(Name).second)
      Uses.Declarations += "struct " + Name + " { template <class O> static auto get(O &o) -> decltype(o." +
                           Getter.str() + "()) { return o." + Getter.str() +
                           "(); } template <class O, class V> static void set(O &o, V &&v) { o." + Setter.str() +
                           "(static_cast<V &&>(v)); } };\n";
    return Name;
  }

  ASTContext &Ctx;
  SourceManager &SM;
  PropertyUses Uses;
  std::set<unsigned> Done;
  std::set<std::string> Tags;
};

} // namespace

PropertyUses findPropertyUses(ASTContext &Ctx) {
  Finder F(Ctx);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.take();
}

std::vector<TextEdit> editsOutside(const std::vector<TextEdit> &Edits, const std::vector<HostRemoval> &Claimed) {
  std::vector<TextEdit> Out;
  for (const TextEdit &E : Edits)
    if (llvm::none_of(Claimed, [&](const HostRemoval &R) { return E.Offset + E.Length > R.Begin && E.Offset < R.End; }))
      Out.push_back(E);
  return Out;
}

std::string propertyDeclarations(const PropertyUses &Uses) {
  if (Uses.empty())
    return "";
  return "#include <ampcc/properties.h>\nnamespace {\n" + Uses.Declarations + "}\n";
}

void applyEdits(std::string &Text, std::vector<TextEdit> Edits) {
  // Last first; at one offset, the longer (a replacement) before an insertion there, which then lands before it.
  std::sort(Edits.begin(), Edits.end(), [](const TextEdit &A, const TextEdit &B) {
    return A.Offset != B.Offset ? A.Offset > B.Offset : A.Length > B.Length;
  });
  for (const TextEdit &E : Edits)
    if (E.Offset + E.Length <= Text.size())
      Text.replace(E.Offset, E.Length, E.Text);
}

} // namespace ampcc
