// The restriction checks' diagnostics (see AmpDiagnostics.h).
#include "Analysis/AmpDiagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"

using namespace clang;

namespace ampcc {
namespace {

struct CatalogueEntry {
  DiagnosticIDs::Level Level;
  const char *Text;
};

constexpr CatalogueEntry Catalogue[] = {
#define AMP_DIAG(Name, Level, Text) {DiagnosticIDs::Level, Text},
#include "Analysis/AmpDiagnostics.def"
};

} // namespace

DiagnosticBuilder diagnose(DiagnosticsEngine &D, SourceLocation Loc, AmpDiag Which) {
  const CatalogueEntry &E = Catalogue[static_cast<unsigned>(Which)];
  // Clang gives one ID per distinct level and text, however often it is asked.
  return D.Report(Loc, D.getDiagnosticIDs()->getCustomDiagID(E.Level, E.Text));
}

} // namespace ampcc
