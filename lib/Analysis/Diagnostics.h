// Reports ampcc's own diagnostics through Clang's DiagnosticsEngine, so they read file:line:col with a caret.
#ifndef AMPCC_ANALYSIS_DIAGNOSTICS_H
#define AMPCC_ANALYSIS_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

namespace ampcc {

// Format strings use Clang's %0, %1 placeholders; each distinct string gets one diagnostic ID.
template <unsigned N>
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &D, clang::DiagnosticsEngine::Level L,
                                clang::SourceLocation Loc, const char (&Format)[N]) {
  return D.Report(Loc, D.getCustomDiagID(L, Format));
}

template <unsigned N>
clang::DiagnosticBuilder error(clang::DiagnosticsEngine &D, clang::SourceLocation Loc, const char (&Format)[N]) {
  return report(D, clang::DiagnosticsEngine::Error, Loc, Format);
}
template <unsigned N>
clang::DiagnosticBuilder warning(clang::DiagnosticsEngine &D, clang::SourceLocation Loc, const char (&Format)[N]) {
  return report(D, clang::DiagnosticsEngine::Warning, Loc, Format);
}
template <unsigned N>
clang::DiagnosticBuilder note(clang::DiagnosticsEngine &D, clang::SourceLocation Loc, const char (&Format)[N]) {
  return report(D, clang::DiagnosticsEngine::Note, Loc, Format);
}

} // namespace ampcc

#endif
