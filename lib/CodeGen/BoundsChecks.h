// Checked mode (ampcc -fampcc-checked): bounds checks on every array_view/array access in kernels.
//
// In checked mode each lowered view carries a pointer to a small check buffer that the runtime passes to
// every kernel as its last argument. An element access, a projection or a section that falls outside the
// view's extent records the first such violation of the launch there (which check site, the index, the
// extent and the work-item) and goes on with a harmless stand-in: an access reads or writes a scratch
// element of the check buffer, a projection or a section becomes an empty view. After the launch the
// runtime reads the buffer back and throws with the check site's file, line and column. Unchecked
// programs are generated exactly as without this file.
#ifndef AMPCC_CODEGEN_BOUNDSCHECKS_H
#define AMPCC_CODEGEN_BOUNDSCHECKS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace ampcc {

// The macro that turns checked mode on, for the host code (amp_containers.h) and the translator alike;
// `ampcc -fampcc-checked` defines it.
inline constexpr const char *CheckedModeMacro = "AMPCC_CHECKED";

// Whether the translation unit was compiled with CheckedModeMacro defined.
bool checkedModeRequested(clang::ASTContext &Ctx);

// The kind of view operation a check site guards.
// Errorf and Abort: a call of direct3d_errorf or direct3d_abort, which a kernel reports through the check buffer
// in every mode (its launch throws).
enum class CheckKind { Access, Projection, Section, Errorf, Abort };

// One bounds check in the generated program: where it stands in the user's source and what it checks.
struct CheckSite {
  std::string File;
  unsigned Line = 0, Column = 0;
  CheckKind Kind = CheckKind::Access;
  std::string View; // the source text of the view expression, for the message
};

// The check sites of one OpenCL C program and the largest view element it must stand in for.
class BoundsChecks {
public:
  // A new check site for the view expression View of the operation at Loc; returns its number.
  int addSite(clang::ASTContext &Ctx, clang::SourceLocation Loc, CheckKind Kind, const clang::Expr *View);
  // Views of this element type are accessed: the scratch element must be at least its size.
  void noteElement(clang::ASTContext &Ctx, clang::QualType Elem);

  // OpenCL C helpers that every checked program needs, after the prelude.
  static const char *prelude();
  // The OpenCL C function that records a direct3d_errorf or direct3d_abort call (ampcc_report(chk, site)), in the
  // check buffer's layout; programs that call them define it once.
  static const char *reportFunction();
  // The kernel parameter that receives the check buffer.
  static const char *kernelParam() { return "__global uint* ampcc_chk"; }
  // The struct of a checked view and its section/make/project helpers for rank R (the unchecked forms
  // are in TypeLowering.cpp); Lower names the view type of rank R-1 (empty for R == 1).
  static std::string viewType(const std::string &Name, const std::string &Lower, const std::string &ElemPtr, int R);
  // The lowering of an element access: the element's lvalue, through Name##_at (int subscripts) or
  // Name##_atx (an index).
  static std::string access(const std::string &ViewType, const std::string &View, const std::vector<std::string> &Ints,
                            const std::string &Index, int Site);

  // The host-side definitions the launch code refers to (ampcc_check_sites, ampcc_checks).
  std::string hostTable() const;
  // The extra launch argument of a checked kernel.
  static const char *hostArgument() { return "::ampcc::detail::check_arg(ampcc_checks)"; }
  static const char *hostDeclaration() { return "extern const ::ampcc::rt::check_table ampcc_checks;\n"; }

private:
  std::vector<CheckSite> Sites;
  unsigned long ScratchBytes = 16;
};

} // namespace ampcc

#endif
