// The tile_static storage class (`ampcc_tile_static`, what amp.h makes of `tile_static` in the translator).
//
// C++ AMP gives a tile_static variable static storage in the tile: a member function of a local class may use
// the enclosing function's tile_static variable, as it may a static one. Clang's C++ forbids that for an
// automatic variable, so where it can, the attribute gives the variable static storage as it is declared
// (before Sema checks its uses): a local variable without a storage class whose type needs no construction or
// destruction. A type with a constructor or destructor (which C++ AMP does not run for tile_static variables,
// and which Clang's CUDA mode would reject for a static variable in amp code) or a dependent type keeps
// automatic storage. Either way the variable carries the annotation `ampcc.tile_static` that the analysis and
// the lowering read (AmpAnnotations.h), and the lowering declares it in the kernel's local memory.
#include "Frontend/TileStaticAttr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ampcc {

void linkTileStaticAttr() {}

namespace {

bool needsNoConstruction(const ASTContext &Ctx, QualType T) {
  T = Ctx.getBaseElementType(T);
  if (T->isDependentType() || T->isReferenceType())
    return false;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return !RD || (RD->hasDefinition() && RD->hasTrivialDefaultConstructor() && RD->hasTrivialDestructor());
}

struct TileStaticAttrInfo : ParsedAttrInfo {
  TileStaticAttrInfo() {
    static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "ampcc_tile_static"}};
    Spellings = S;
  }

  // Where a tile_static variable may be declared is the analysis's to report (AmpTypeRules), in C++ AMP's words.
  bool diagAppertainsToDecl(Sema &, const ParsedAttr &, const Decl *) const override { return true; }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D, const ParsedAttr &Attr) const override {
    ASTContext &Ctx = S.getASTContext();
    D->addAttr(AnnotateAttr::Create(Ctx, "ampcc.tile_static", nullptr, 0, Attr.getRange()));
    auto *VD = dyn_cast<VarDecl>(D);
    if (VD && VD->isLocalVarDecl() && VD->getStorageClass() == SC_None &&
        needsNoConstruction(Ctx, VD->getType()))
      VD->setStorageClass(SC_Static);
    return AttributeApplied;
  }
};

ParsedAttrInfoRegistry::Add<TileStaticAttrInfo> Registered("ampcc_tile_static", "C++ AMP's tile_static storage class");

} // namespace
} // namespace ampcc
