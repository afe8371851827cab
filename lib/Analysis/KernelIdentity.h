// Kernel identity: the types by which the host compiler picks, at compile time, the kernel the translator made
// for each instantiation of a parallel_for_each call (docs/design/kernel-identity-and-launch.md).
#ifndef AMPCC_ANALYSIS_KERNELIDENTITY_H
#define AMPCC_ANALYSIS_KERNELIDENTITY_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

#include <map>
#include <optional>
#include <string>

namespace ampcc {

// A key, `::ampcc::detail::site<PLACE, CONTEXT...>`, twice: as the template's text writes it (the template
// parameters in scope, dependent), and as the end of the file spells one instantiation of it.
struct IdentityKey {
  std::string Pattern;
  std::string Concrete;
  // Whether the place is in a template (any CONTEXT): one text, several instantiations.
  bool InTemplate = false;
};

// What the host text must gain so that an identity can be spelled at the end of the file: a lambda wrapped in
// `::ampcc::detail::tag<KEY>(...)`, a local class given its identity members, or an unnamed template parameter
// (or generic lambda parameter) a name that a key can use.
struct IdentityTag {
  enum Kind { Lambda, LocalClass, ParameterName };
  Kind What = Lambda;
  clang::SourceLocation Begin; // a lambda's first token; the '{' of a class; the token a name goes after
  clang::SourceLocation End;   // a lambda's last token
  std::string Key;             // the key as the text at that place writes it; the parameter's name
  std::string ClassName;       // a local class's name
  bool ClassKey = false;       // a local class declared with `class`: its members are private by default
};

class KernelIdentity {
public:
  explicit KernelIdentity(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  // Whether DC is in an instantiation of a template: its text serves every instantiation.
  static bool inTemplateInstantiation(const clang::DeclContext *DC);
  // The key of code written at Loc in the instantiated context DC (the function around a call, say); none
  // where a template parameter in scope cannot be spelled (unnamed, or an argument of a kind no key holds).
  std::optional<IdentityKey> keyAt(clang::SourceLocation Loc, const clang::DeclContext *DC);
  // How the end of the file names `identity_of_t<T>`; none where it cannot (a lambda written in a macro's
  // definition, an unnamed type, ...). Records the tags that the spelling relies on.
  std::optional<std::string> identityOf(clang::QualType T);

  // The tags the identities spelled so far rely on, by place.
  const std::map<clang::SourceLocation, IdentityTag> &tags() const { return Tags; }

private:
  struct Parts {
    std::vector<std::string> Pattern, Concrete;
  };
  bool contextParts(const clang::DeclContext *DC, Parts &Out);
  bool addArguments(const clang::TemplateParameterList *Params, llvm::ArrayRef<clang::TemplateArgument> Args,
                    Parts &Out);
  std::optional<std::string> valueOf(const clang::TemplateArgument &A);
  bool needsIdentity(clang::QualType T);
  std::optional<std::string> placeOf(clang::SourceLocation Loc);
  std::optional<std::string> lambdaIdentity(const clang::CXXRecordDecl *RD);
  std::optional<std::string> localClassIdentity(const clang::CXXRecordDecl *RD);
  std::optional<std::string> taggedKey(clang::SourceLocation At, const clang::DeclContext *DC,
                                       IdentityTag Tag);
  std::string printed(clang::QualType T) const;
  std::optional<std::string> nameUnnamed(const clang::NamedDecl *P, clang::SourceLocation After);

  clang::ASTContext &Ctx;
  std::map<clang::SourceLocation, IdentityTag> Tags;
  // Lambdas and local classes that cannot be given an identity, so that each is judged once.
  std::map<const clang::CXXRecordDecl *, std::optional<std::string>> Known;
};

} // namespace ampcc

#endif
