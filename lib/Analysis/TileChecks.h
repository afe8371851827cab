// Checks of the tiled model: barriers that only some threads of a tile reach, and likely races on
// tile_static memory (a location written by one thread and read by another with no barrier between).
#ifndef AMPCC_ANALYSIS_TILECHECKS_H
#define AMPCC_ANALYSIS_TILECHECKS_H

#include "Analysis/KernelFinder.h"

#include "llvm/ADT/ArrayRef.h"

namespace ampcc {

// Reports errors for tile_static variables and barriers that a kernel which is not tiled reaches, for barriers
// that only some threads of a tile reach (in the tiled kernels and the functions they call), and warnings for
// likely races on tile_static memory.
void checkTiledKernels(clang::ASTContext &Ctx, llvm::ArrayRef<KernelSite> Sites);

} // namespace ampcc

#endif
