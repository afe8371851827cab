// Bounds guards on every array_view/array access in kernels: checked mode (ampcc -fampcc-checked) and
// Direct3D's bounds behaviour (ampcc -fampcc-directcompute-bounds).
//
// Under either flag each lowered view carries a pointer to a small check buffer that the runtime passes to
// every kernel as its last argument. An element access, a projection or a section that falls outside the
// view's extent goes on with a harmless stand-in: a write goes to a scratch element of the check buffer, a read
// gets a zero element of it (a value-initialised element, as Direct3D 11 returns for a read out of bounds), a
// projection becomes an empty view, and a section an empty view (checked mode) or the part of it inside the view
// (Direct3D's behaviour). Checked mode also records the first violation of the launch there (which check site,
// the index, the extent and the work-item); after the launch the runtime reads the buffer back and throws with
// the check site's file, line and column. Programs built with neither flag are generated exactly as without this
// file.
#ifndef AMPCC_CODEGEN_BOUNDSCHECKS_H
#define AMPCC_CODEGEN_BOUNDSCHECKS_H

#include "ampcc/kernel_abi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace ampcc {

// The macro that turns checked mode on, for the host code (amp_containers.h) and the translator alike;
// `ampcc -fampcc-checked` defines it.
inline constexpr const char *CheckedModeMacro = "AMPCC_CHECKED";
// The macro that asks for Direct3D's bounds behaviour in kernels; `ampcc -fampcc-directcompute-bounds` defines it.
// The host code does not read it: host accesses stay unchecked, as MSVC left them.
inline constexpr const char *DirectComputeBoundsMacro = "AMPCC_DIRECTCOMPUTE_BOUNDS";

// What the kernels of a translation unit do with a view access out of bounds.
struct BoundsMode {
  bool Report = false;        // checked mode: the first one is recorded, the launch throws
  bool DirectCompute = false; // Direct3D's behaviour: nothing recorded, a section is cut to the part inside
  // Views carry the check buffer and every access is guarded.
  bool guarded() const { return Report || DirectCompute; }
  // The flag that asked for the guards, for messages.
  const char *flag() const { return Report ? "-fampcc-checked" : "-fampcc-directcompute-bounds"; }
};

// The mode the translation unit was compiled with: CheckedModeMacro and DirectComputeBoundsMacro defined or not.
BoundsMode boundsModeRequested(clang::ASTContext &Ctx);

// Whether the element an access expression names (a call of a view's operator[] or operator()) is only read, so
// that out of bounds it may stand for the zero element: an lvalue-to-rvalue conversion or a copy of it, also of
// a member of it, or an element of a const view. Otherwise (written, its address taken, bound to a reference)
// it stands for the scratch element.
bool readsOnly(clang::ASTContext &Ctx, const clang::Expr *Access);

// The kind of view operation a check site guards (the kernel ABI's, include/ampcc/kernel_abi.def).
// errorf and abort: a call of direct3d_errorf or direct3d_abort, which a kernel reports through the check buffer
// in every mode (its launch throws).
using CheckKind = rt::check_kind;

// One bounds check in the generated program: where it stands in the user's source and what it checks.
struct CheckSite {
  std::string File;
  unsigned Line = 0, Column = 0;
  CheckKind Kind = CheckKind::access;
  std::string View; // the source text of the view expression, for the message
};

// The check sites of one OpenCL C program and the largest view element it must stand in for.
class BoundsChecks {
public:
  // A new check site for the view expression View of the operation at Loc; returns its number.
  int addSite(clang::ASTContext &Ctx, clang::SourceLocation Loc, CheckKind Kind, const clang::Expr *View);
  // Views of this element type are accessed: the scratch element must be at least its size.
  void noteElement(clang::ASTContext &Ctx, clang::QualType Elem);

  // OpenCL C helpers that every guarded program needs, after the prelude: where the scratch and zero elements lie
  // (so after every view type is known), and in checked mode the function that records a violation.
  std::string prelude(const BoundsMode &Mode) const;
  // The OpenCL C function that records a direct3d_errorf or direct3d_abort call (ampcc_report(chk, site)), in the
  // check buffer's layout; programs that call them define it once.
  static const char *reportFunction();
  // The kernel parameter that receives the check buffer.
  static std::string kernelParam() { return std::string("__global uint* ") + abi::CheckParam; }
  // The struct of a guarded view and its section/make/project/access helpers for rank R (the unguarded forms
  // are in TypeLowering.cpp) for elements of type Elem (const or not); Lower names the view type of rank R-1 (empty
  // for R == 1).
  static std::string viewType(const BoundsMode &Mode, const std::string &Name, const std::string &Lower,
                              const std::string &Elem, bool Const, int R);
  // The lowering of an element access: the element's lvalue, through Name##_at (int subscripts) or Name##_atx (an
  // index), or for an element only read (readsOnly) Name##_rd or Name##_rdx.
  static std::string access(const std::string &ViewType, const std::string &View, const std::vector<std::string> &Ints,
                            const std::string &Index, int Site, bool Read);
  // The lowering of `v[i] = Value` whose value is not used: Name##_set or Name##_setx, which store only in bounds.
  static std::string store(const std::string &ViewType, const std::string &View, const std::vector<std::string> &Ints,
                           const std::string &Index, const std::string &Value, int Site);

  // The host-side definitions the launch code refers to (ampcc_check_sites, ampcc_checks). Quiet: no kernel of the
  // program records anything in the buffer (neither checked mode nor a direct3d_errorf or direct3d_abort call).
  std::string hostTable(bool Quiet) const;
  // The extra launch argument of a checked kernel.
  static std::string hostArgument() { return std::string("::ampcc::detail::check_arg(") + abi::CheckTable + ")"; }
  static std::string hostDeclaration() {
    return std::string("extern const ::ampcc::rt::check_table ") + abi::CheckTable + ";\n";
  }

private:
  std::vector<CheckSite> Sites;
  unsigned long ScratchBytes = 16;
};

} // namespace ampcc

#endif
