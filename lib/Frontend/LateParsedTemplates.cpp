// The extents of the function template bodies that delayed template parsing never parsed.
#include "Frontend/LateParsedTemplates.h"

#include "clang/AST/Decl.h"
#include "clang/Sema/ExternalSemaSource.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ampcc {

LateParsedBodies unparsedTemplateBodies(Sema &S) {
  // A precompiled preamble's templates reach Sema's map only when asked for.
  if (ExternalSemaSource *External = S.getExternalSource())
    External->ReadLateParsedTemplates(S.LateParsedTemplateMap);
  LateParsedBodies Bodies;
  for (const auto &[FD, Template] : S.LateParsedTemplateMap)
    // A body parsed for an instantiation is in the AST, and its tokens then end with one that is not its own.
    if (FD && !FD->getBody() && Template && !Template->Toks.empty())
      Bodies[FD] = SourceRange(Template->Toks.front().getLocation(), Template->Toks.back().getLocation());
  return Bodies;
}

} // namespace ampcc
