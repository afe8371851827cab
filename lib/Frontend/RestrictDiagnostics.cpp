// Clang's diagnostics about restriction specifiers, in C++ AMP's terms (see RestrictDiagnostics.h).
#include "Frontend/RestrictDiagnostics.h"

#include "Frontend/AmpSource.h"
#include "Frontend/DiagnosticFilter.h"

#include "clang/Basic/DiagnosticSema.h"
#include "llvm/ADT/SmallString.h"

#include <memory>

using namespace clang;

namespace ampcc {
namespace {

// Sits in front of the printer (or -verify's checker) and gives it the reworded message.
class RestrictionWording : public DiagnosticFilter {
public:
  using DiagnosticFilter::DiagnosticFilter;

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    llvm::SmallString<256> Message;
    Info.FormatDiagnostic(Message);
    std::string Text = Message.str().str();
    if (rewordRestrictions(Text))
      pass(Level, Diagnostic(Info.getDiags(), Text));
    else
      pass(Level, Info);
  }
};

} // namespace

bool rewordRestrictions(std::string &Text) {
  static const std::pair<const char *, const char *> Words[] = {
      {"__host__ __device__", "restrict(cpu, amp)"}, {"__device__", "restrict(amp)"}, {"__host__", "restrict(cpu)"},
      // The type of a restrict(amp) function (AmpFunctionConvention), as Clang prints it.
      {"__attribute__((preserve_most))", "restrict(amp)"},
      // An explicit instantiation whose restriction differs from its template's.
      {"target attributes do not match", "restriction specifiers do not match"},
      // Clang's own checks of device code (a variadic restrict(amp) function).
      {"CUDA device code", "restrict(amp) code"}};
  bool Changed = false;
  for (const auto &[From, To] : Words) {
    for (size_t P = Text.find(From); P != std::string::npos; P = Text.find(From, P + std::strlen(To))) {
      Text.replace(P, std::strlen(From), To);
      Changed = true;
    }
  }
  return Changed;
}

RestrictSpellingFilter::~RestrictSpellingFilter() {
  flush();
  Out << Line;
  Out.flush();
}

void RestrictSpellingFilter::write_impl(const char *Ptr, size_t Size) {
  Written += Size;
  for (char C : llvm::StringRef(Ptr, Size)) {
    Line += C;
    if (C != '\n')
      continue;
    for (llvm::StringRef Respelled : {RestrictMacro, ReorderedRestrictMacro, MovableRestrictMacro,
                                      InstantiationRestrictMacro}) {
      std::string From = Respelled.str() + "(";
      for (size_t At = Line.find(From); At != std::string::npos; At = Line.find(From, At))
        Line.replace(At, From.size(), "restrict(");
    }
    Out << Line;
    Line.clear();
  }
  Out.flush();
}

void useRestrictionDiagnostics(CompilerInstance &CI) {
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  // C++ AMP's rules for these differ from CUDA's (a restrict(cpu, amp) body must be valid for both sides, and
  // a kernel's reach is known only after parsing): ampcc checks them itself, in C++ AMP's words.
  for (unsigned ID : {diag::err_ref_bad_target, diag::err_ref_bad_target_global_initializer,
                      diag::err_cuda_device_exceptions})
    Diags.setSeverity(ID, diag::Severity::Ignored, SourceLocation());
  putInFront<RestrictionWording>(CI);
}

} // namespace ampcc
