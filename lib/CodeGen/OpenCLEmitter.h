// Lowers kernels and the restrict(amp) code they call from the Clang AST to one OpenCL C 1.2 program.
#ifndef AMPCC_CODEGEN_OPENCLEMITTER_H
#define AMPCC_CODEGEN_OPENCLEMITTER_H

#include "Analysis/KernelFinder.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ampcc {

// How a kernel uses one of its captures; the host launch code is generated from this.
struct KernelArgUsage {
  bool IsBuffer = false;  // array_view or array: pointer + shape
  bool Written = false;   // the kernel (or a callee) may write its elements
};

struct LoweredKernel {
  std::string Name;
  std::vector<KernelArgUsage> Args;  // parallel to KernelSite::Captures
  unsigned long LocalBytes = 0;      // tile_static memory
  bool Checked = false;              // takes the check buffer last (BoundsChecks.h)
  // Variables views made in amp code view live in a scratch buffer in global memory, the kernel's last argument:
  // a slot of ScratchThreadBytes per thread, then a slot of ScratchTileBytes per tile (Analysis/ViewedMemory.h).
  unsigned long ScratchThreadBytes = 0, ScratchTileBytes = 0;
};

class ProgramBuilder;

class OpenCLEmitter {
public:
  explicit OpenCLEmitter(clang::ASTContext &Ctx);
  ~OpenCLEmitter();

  // Lowers one kernel; on failure the errors are already reported and nothing is returned.
  std::optional<LoweredKernel> lowerKernel(const KernelSite &Site);
  // Lowers, into a scratch program, every restrict(amp) function of the main file that no kernel reached, so that
  // what ampcc cannot lower is reported there too (the restrict(amp) rules themselves are lib/Analysis' passes).
  void checkUnusedAmpFunctions();
  // The whole program: prelude, types, functions, kernels.
  std::string program() const;
  // The host definitions of the program's check sites: checked mode's, and the direct3d_errorf and direct3d_abort
  // calls of any mode ("" when there are none).
  std::string hostCheckTable() const;
  // For the Cilk Plus kernel lowering (GfxKernelLowering.cpp): the program under construction, and a kernel
  // function it lowered, so that checkUnusedAmpFunctions leaves it alone.
  ProgramBuilder *builder() const { return Program.get(); }
  void noteKernelBody(const clang::FunctionDecl *FD) { KernelBodies.push_back(FD); }

private:
  std::unique_ptr<ProgramBuilder> Program;
  std::vector<const clang::FunctionDecl *> KernelBodies;
};

struct GfxKernelSite;

// A lowered Cilk Plus gfx_kernel: one OpenCL work-group per first-level iteration.
struct LoweredGfxKernel {
  std::string Name;
  std::vector<KernelArgUsage> Args;  // parallel to the function's parameters; pointers are buffers
  unsigned long LocalBytes = 0;      // __thread_group_local memory
  unsigned GroupSize = 64;
};

// Lowers one gfx_kernel function (GfxKernelLowering.cpp); on failure the errors are already reported.
std::optional<LoweredGfxKernel> lowerGfxKernel(OpenCLEmitter &Emitter, const GfxKernelSite &Site);

// The OpenCL C prelude every program starts with (Prelude.cpp).
const char *openclPrelude();

}  // namespace ampcc

#endif
