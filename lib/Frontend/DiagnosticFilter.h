// A diagnostic client that sits in front of the one Clang set up (the text printer, or -verify's checker): it sees
// each diagnostic first and passes on what it keeps, reworded or not. The restriction wording, MSVC's library
// refusals and MSVC's missing keywords are such filters.
#ifndef AMPCC_FRONTEND_DIAGNOSTICFILTER_H
#define AMPCC_FRONTEND_DIAGNOSTICFILTER_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclarationName.h"

#include <memory>
#include <string>
#include <utility>

namespace ampcc {

class DiagnosticFilter : public clang::DiagnosticConsumer {
public:
  explicit DiagnosticFilter(std::unique_ptr<clang::DiagnosticConsumer> Owned)
      : Owned(std::move(Owned)), Inner(this->Owned.get()) {}
  explicit DiagnosticFilter(clang::DiagnosticConsumer *Inner) : Inner(Inner) {}

  void BeginSourceFile(const clang::LangOptions &LO, const clang::Preprocessor *PP) override {
    Inner->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    Inner->EndSourceFile();
    sync();
  }
  void finish() override {
    Inner->finish();
    sync();
  }
  void clear() override {
    Inner->clear();
    sync();
  }
  bool IncludeInDiagnosticCounts() const override { return Inner->IncludeInDiagnosticCounts(); }
  // Passes everything on as it is.
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level, const clang::Diagnostic &Info) override {
    pass(Level, Info);
  }

protected:
  void pass(clang::DiagnosticsEngine::Level Level, const clang::Diagnostic &Info) {
    Inner->HandleDiagnostic(Level, Info);
    sync();
  }

private:
  // The counts are the inner client's: -verify's checker counts only unmet expectations as errors.
  void sync() {
    NumErrors = Inner->getNumErrors();
    NumWarnings = Inner->getNumWarnings();
  }

  std::unique_ptr<clang::DiagnosticConsumer> Owned; // when the engine owned the client
  clang::DiagnosticConsumer *Inner;
};

// Puts a Filter, made from the current client and Args, in front of CI's client; returns it, or null where there
// is no client to filter. Clang's front end casts a SARIF-format client to its SARIF printer: that one stays
// unwrapped.
template <typename Filter, typename... Args> Filter *putInFront(clang::CompilerInstance &CI, Args &&...A) {
  clang::DiagnosticsEngine &Diags = CI.getDiagnostics();
  Filter *F = nullptr;
  if (Diags.ownsClient())
    F = new Filter(Diags.takeClient(), std::forward<Args>(A)...);
  else if (Diags.getClient() && CI.getDiagnosticOpts().getFormat() != clang::DiagnosticOptions::SARIF)
    F = new Filter(Diags.getClient(), std::forward<Args>(A)...);
  if (F)
    Diags.setClient(F, /*ShouldOwnClient=*/true);
  return F;
}

// The name a diagnostic's argument Index gives (a declaration's, an identifier's, a template's as Clang quotes it),
// or "".
inline std::string argumentName(const clang::Diagnostic &Info, unsigned Index) {
  if (Info.getNumArgs() <= Index)
    return "";
  switch (Info.getArgKind(Index)) {
  case clang::DiagnosticsEngine::ak_std_string:
    return llvm::StringRef(Info.getArgStdStr(Index)).trim('\'').str();
  case clang::DiagnosticsEngine::ak_identifierinfo:
    return Info.getArgIdentifier(Index) ? Info.getArgIdentifier(Index)->getName().str() : "";
  case clang::DiagnosticsEngine::ak_nameddecl:
    return reinterpret_cast<const clang::NamedDecl *>(Info.getRawArg(Index))->getNameAsString();
  case clang::DiagnosticsEngine::ak_declarationname:
    return clang::DeclarationName::getFromOpaqueInteger(Info.getRawArg(Index)).getAsString();
  default:
    return "";
  }
}

} // namespace ampcc

#endif
