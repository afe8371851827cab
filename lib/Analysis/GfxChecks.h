// The checks of Cilk Plus graphics kernels that findGfxKernels (GfxKernels.cpp) runs; internal to lib/Analysis.
#ifndef AMPCC_ANALYSIS_GFXCHECKS_H
#define AMPCC_ANALYSIS_GFXCHECKS_H

#include "Analysis/GfxKernels.h"

#include <set>
#include <vector>

namespace ampcc {

// Checks the gfx_kernel function Site.FD and fills in Site (GfxThreadGroups.cpp). Known collects the
// __thread_group_local variables declared where they may be. False when the kernel cannot be offloaded.
bool checkGfxKernel(clang::ASTContext &Ctx, GfxKernelSite &Site, std::set<const clang::VarDecl *> &Known);
// The same for a `_Cilk_for _Thread_group` nest First, offloaded from host code.
bool checkGfxThreadGroupNest(clang::ASTContext &Ctx, GfxKernelSite &Site, std::set<const clang::VarDecl *> &Known,
                             const clang::ForStmt *First);

// Adds the `#pragma offload target(gfx)` nests of the host function FD to Sites (GfxOffload.cpp).
void findGfxOffloads(clang::ASTContext &Ctx, const clang::FunctionDecl *FD, std::vector<GfxKernelSite> &Sites,
                     std::set<const clang::VarDecl *> &Known);

} // namespace ampcc

#endif
