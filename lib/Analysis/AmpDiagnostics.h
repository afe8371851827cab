// The restriction checks' diagnostics by name: the catalogue (AmpDiagnostics.def) is the one place their words are.
#ifndef AMPCC_ANALYSIS_AMPDIAGNOSTICS_H
#define AMPCC_ANALYSIS_AMPDIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

namespace ampcc {

enum class AmpDiag : unsigned {
#define AMP_DIAG(Name, Level, Text) Name,
#include "Analysis/AmpDiagnostics.def"
};

// Reports Which at Loc through Clang's engine (file:line:col, caret); its arguments follow with <<.
clang::DiagnosticBuilder diagnose(clang::DiagnosticsEngine &D, clang::SourceLocation Loc, AmpDiag Which);

} // namespace ampcc

#endif
