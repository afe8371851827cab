// Finds every parallel_for_each call of the main file and describes the kernel it launches.
#ifndef AMPCC_ANALYSIS_KERNELFINDER_H
#define AMPCC_ANALYSIS_KERNELFINDER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

#include <string>
#include <vector>

namespace ampcc {

// One step from a class down to one of its parts: a field, or a (non-virtual, non-empty) base class.
struct CapturePathStep {
  const clang::FieldDecl *Field = nullptr;
  const clang::CXXRecordDecl *Base = nullptr;
};

// One value the kernel receives from the host: a lambda capture or a field of a function object.
struct KernelCapture {
  const clang::ValueDecl *Decl = nullptr; // the captured VarDecl, or the functor's FieldDecl
  clang::QualType Type;                   // the type the kernel sees (no reference)
  bool ByRef = false;
  std::string HostExpr; // how the host names the value at the call site
  clang::SourceLocation Loc;
  // Where the capture lies in the kernel object (for launches through the object, see ViaObject).
  uint64_t Offset = 0, Size = 0;
  // A class captured by value that holds array_views or arrays travels as its fields, each view a buffer of
  // its own (OpenCL kernel arguments cannot hold pointers): one capture per field, all with the class's
  // Decl, Path the fields and base classes from the class down to this one and RootType the class; the kernel
  // puts the class together again. Empty for a capture that travels whole.
  std::vector<CapturePathStep> Path;
  clang::QualType RootType;
  // A field of a function object's base class: the bases from the object's class down to the field's class.
  std::vector<const clang::CXXRecordDecl *> Bases;
};

struct KernelSite {
  unsigned Id = 0;
  const clang::CallExpr *Call = nullptr;
  const clang::Expr *View = nullptr;   // the accelerator_view argument, if any
  const clang::Expr *Domain = nullptr; // the extent or tiled_extent
  const clang::Expr *Kernel = nullptr; // the lambda or function object
  const clang::LambdaExpr *Lambda = nullptr;
  const clang::CXXMethodDecl *Body = nullptr; // the call operator that is the kernel
  unsigned Rank = 0;
  int Tile[3] = {0, 0, 0}; // tile extents, all 0 when not tiled
  bool isTiled() const { return Tile[0] != 0; }
  std::vector<KernelCapture> Captures;
  // The call stays as written and the host launches through the kernel object (of ObjectSize bytes): the
  // call is spelled in a macro, or the kernel is a lambda kept in a variable, or a function object with fields
  // the call cannot name (docs/design/kernel-identity-and-launch.md).
  bool ViaObject = false;
  uint64_t ObjectSize = 0;
  // The function around the call (this instantiation of it), or the translation unit: where the kernel's key
  // finds the template parameters in scope (Analysis/KernelIdentity).
  const clang::DeclContext *Context = nullptr;
  // Where the lambdas among the enclosing templates' arguments are ("file:line;..." with the file's base name,
  // sorted): for a kernel found at run time (one ampcc cannot name), the host tells instantiations apart by
  // the lambdas its compiler names in __PRETTY_FUNCTION__ (Clang prints "(lambda at file:line:column)").
  std::string LambdaContext;
};

// Collects the kernels; reports malformed calls (wrong kernel kind, index type, captures) as errors.
std::vector<KernelSite> findKernels(clang::ASTContext &Ctx);

} // namespace ampcc

#endif
