// Rewrites the host side of a translation unit: each parallel_for_each call becomes a runtime launch of
// the kernel ampcc outlined, and the OpenCL C program and kernel descriptors are embedded in the file.
#ifndef AMPCC_REWRITE_HOSTREWRITER_H
#define AMPCC_REWRITE_HOSTREWRITER_H

#include "Analysis/KernelFinder.h"
#include "CodeGen/OpenCLEmitter.h"
#include "Rewrite/HostDeclarations.h"
#include "Rewrite/PropertyUses.h"

#include <optional>
#include <string>
#include <vector>

namespace ampcc {

// `#line 1 "SOURCE"`: what the host source starts its copy of the main file with, so that the host compiler's
// messages, include stacks and __FILE__ name the user's file and lines, not the temporary it compiles.
std::string mainFileLineDirective(const clang::SourceManager &SM);

// Returns the rewritten main file, or nothing after reporting why a call could not be rewritten. Removed are
// the ranges, per file, that the host must not see (amp-only declarations). The user's headers that hold
// kernels, removals or property uses come back rewritten in Headers. CheckTable: checked mode's check sites
// (BoundsChecks.h). Properties: the uses of MSVC properties, rewritten outside the removed ranges and calls.
std::optional<std::string> rewriteHost(clang::ASTContext &Ctx, const std::vector<KernelSite> &Sites,
                                       const std::vector<LoweredKernel> &Kernels, const std::string &OpenCL,
                                       const std::map<clang::FileID, std::vector<HostRemoval>> &Removed,
                                       std::map<clang::FileID, std::string> &Headers,
                                       const std::string &CheckTable = "", const PropertyUses &Properties = {});

} // namespace ampcc

#endif
