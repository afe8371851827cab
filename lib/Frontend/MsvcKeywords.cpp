// The keywords code written for Visual Studio leaves out (see MsvcKeywords.h).
#include "Frontend/MsvcKeywords.h"

#include "Frontend/DiagnosticFilter.h"

#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ampcc {
namespace {

// The keyword that Clang's error ID says is missing, or "". Each error points at where the keyword goes: the start
// of the qualified name (`typename`) or the template's name (`template`); a fix-it, when there is one, says the same.
llvm::StringRef missingKeyword(unsigned ID) {
  if (ID == diag::err_typename_missing || ID == diag::err_typename_missing_template)
    return "typename ";
  if (ID == diag::err_template_kw_missing || ID == diag::err_missing_dependent_template_keyword)
    return "template ";
  return "";
}

// Passes every diagnostic on, and records the keywords the errors above insert.
class MissingKeywordRecorder : public DiagnosticFilter {
public:
  MissingKeywordRecorder(std::unique_ptr<DiagnosticConsumer> Owned, MsvcEdits &Into)
      : DiagnosticFilter(std::move(Owned)), Into(Into) {}
  MissingKeywordRecorder(DiagnosticConsumer *Inner, MsvcEdits &Into) : DiagnosticFilter(Inner), Into(Into) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    llvm::StringRef Keyword = missingKeyword(Info.getID());
    if (!Keyword.empty() && Info.hasSourceManager()) {
      SourceLocation At = Info.getLocation();
      for (const FixItHint &Fix : Info.getFixItHints())
        if (Fix.CodeToInsert == Keyword && Fix.RemoveRange.getBegin() == Fix.RemoveRange.getEnd())
          At = Fix.RemoveRange.getBegin();
      Into.insert(Info.getSourceManager(), At, Keyword);
    }
    pass(Level, Info);
  }

private:
  MsvcEdits &Into;
};

} // namespace

void recordMissingKeywords(CompilerInstance &CI, MsvcEdits &Into) {
  putInFront<MissingKeywordRecorder>(CI, Into);
}

} // namespace ampcc
