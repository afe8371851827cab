// The host side of Cilk Plus graphics kernels: a launcher per gfx_kernel function, registered at start-up
// so that _GFX_offload (gfx/gfx_rt.h) finds it by function or by name. The kernel function itself stays
// in the host code unchanged, so calling it directly runs it serially on the host. A `#pragma offload
// target(gfx)` nest gets a synchronous launch in place of its pragma and a launcher registered by key.
#ifndef AMPCC_REWRITE_GFXHOSTREWRITER_H
#define AMPCC_REWRITE_GFXHOSTREWRITER_H

#include "Analysis/GfxKernels.h"
#include "CodeGen/OpenCLEmitter.h"

#include <string>
#include <vector>

namespace ampcc {

// The text appended to the host file: the OpenCL C program, the descriptors and the launchers. A null
// OpenCL means the C++ AMP host rewrite already embedded the file's program as `ampcc_program`.
std::string gfxHostAppendix(clang::ASTContext &Ctx, const std::vector<GfxKernelSite> &Sites,
                            const std::vector<LoweredGfxKernel> &Kernels, const std::string *OpenCL);

// Host replaces each `#pragma offload target(gfx)` marker (the statement before its `_Cilk_for` nest) with
// `if (...) if (...; !ampcc_gfx_run_offload(...))` on the same line: the nest runs on the device and, only
// when it cannot, on the host as written.
std::string rewriteGfxOffloads(clang::ASTContext &Ctx, const std::vector<GfxKernelSite> &Sites, std::string Host);

// Host code runs a `_Cilk_for` in parallel: before every outermost `_Cilk_for` loop of host code (not in a
// gfx_kernel, target(gfx) or restrict(amp) function or lambda, not a `#pragma offload` nest, not an array
// notation loop) it inserts `_Pragma("omp parallel for") ` on the same line. NeedsOpenMP: whether it did.
std::string parallelizeHostCilkFors(clang::ASTContext &Ctx, std::string Host, bool &NeedsOpenMP);

} // namespace ampcc

#endif
