// Checks of the tiled model: barriers that only some threads of a tile reach, and likely races on
// tile_static memory (a location written by one thread and read by another with no barrier between).
#ifndef AMPCC_ANALYSIS_TILECHECKS_H
#define AMPCC_ANALYSIS_TILECHECKS_H

#include "Analysis/KernelFinder.h"

namespace ampcc {

// Reports errors for divergent barriers and warnings for likely races in one tiled kernel.
void checkTiledKernel(clang::ASTContext &Ctx, const KernelSite &Site);

} // namespace ampcc

#endif
