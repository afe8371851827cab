// The standard libraries' part of a translation unit (see StandardLibrary.h).
#include "Frontend/StandardLibrary.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ampcc {

bool isStandardLibraryScope(const Decl *TopLevel, const SourceManager &SM) {
  if (!SM.isInSystemHeader(TopLevel->getLocation()))
    return false;
  if (isa<LinkageSpecDecl>(TopLevel))
    return true;
  const auto *NS = dyn_cast<NamespaceDecl>(TopLevel);
  return NS && NS->getIdentifier() &&
         llvm::is_contained({"std", "__gnu_cxx", "__cxxabiv1", "__gnu_debug", "__pstl"}, NS->getName());
}

bool inStandardLibrary(const Decl *D, const SourceManager &SM) {
  const Decl *Top = D;
  for (const DeclContext *DC = D->getDeclContext(); DC && !isa<TranslationUnitDecl>(DC); DC = DC->getParent())
    Top = cast<Decl>(DC);
  return isStandardLibraryScope(Top, SM);
}

} // namespace ampcc
