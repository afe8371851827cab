// Finds the Cilk Plus graphics kernels (`__declspec(target(gfx_kernel))` functions and `#pragma offload
// target(gfx)` loop nests) of the main file,
// describes their thread-group structure and checks the rules of two-level parallelism.
#ifndef AMPCC_ANALYSIS_GFXKERNELS_H
#define AMPCC_ANALYSIS_GFXKERNELS_H

#include "Analysis/GfxLoops.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <set>
#include <vector>

namespace ampcc {

struct GfxKernelSite {
  unsigned Id = 0;
  const clang::FunctionDecl *FD = nullptr;
  std::vector<const clang::Stmt *> Prologue;       // serial declarations before the first-level nest
  GfxNest Groups;                                  // the first-level (_Thread_group) nest
  std::vector<const clang::VarDecl *> GroupLocals; // __thread_group_local variables
  std::set<const clang::ForStmt *> Parallel;       // outermost loops of second-level nests
  std::set<const clang::Stmt *> GroupLocalStores;  // statements of the nest that assign SLM (master thread)
  unsigned GroupSize = 64;                         // work-items per group unless AMPCC_GFX_GROUP_SIZE says
  unsigned long LocalBytes = 0;

  // A `#pragma offload target(gfx)` nest in host code, one work-item per iteration: FD is the function
  // holding it, Groups the `_Cilk_for` nest, Captures the variables of FD it uses (pointers and arrays are
  // the pinned ranges, the rest travels by value), Pinned/PinLengths the arrays of the pin(...), in(...),
  // out(...) and inout(...) clauses in order (all shared with the device for the offload).
  const clang::CallExpr *Offload = nullptr;
  bool ThreadGroups = false; // the nest is `_Cilk_for _Thread_group`: lowered as a gfx_kernel's nest
  std::vector<const clang::VarDecl *> Captures;
  std::vector<const clang::VarDecl *> Pinned;
  std::vector<const clang::Expr *> PinLengths;
  std::vector<bool> PinReadOnly; // given in in(...): the device's writes are not copied back
  // The if(...), signal(...) and wait(...) clauses, or null.
  const clang::Expr *IfCond = nullptr, *SignalTag = nullptr, *WaitTag = nullptr;
};

bool isGfxKernelFunction(const clang::FunctionDecl *FD);
bool isThreadGroupLocal(const clang::Decl *D);
bool isGfxBarrierCall(const clang::Stmt *S);

// Whether S is the statement that `#pragma offload target(gfx)` became (lib/Frontend/CilkSource).
bool isGfxOffloadMarker(const clang::Stmt *S);

// Collects the kernels and the `#pragma offload target(gfx)` nests (after the kernels) and reports every
// violation of the thread-group and offload rules as a located error.
std::vector<GfxKernelSite> findGfxKernels(clang::ASTContext &Ctx);

} // namespace ampcc

#endif
