// The file system the translator's Clang reads sources through: every file comes back with its C++ AMP
// restriction specifiers rewritten for the translator (AmpSource.h), headers included, and, under MSVC's dialect,
// with the edits that make it standard C++ applied (MsvcEdits.h).
#ifndef AMPCC_FRONTEND_SOURCEFILESYSTEM_H
#define AMPCC_FRONTEND_SOURCEFILESYSTEM_H

#include "Frontend/MsvcEdits.h"

#include "llvm/Support/VirtualFileSystem.h"

namespace ampcc {

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeSourceFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                     const MsvcEdits *Edits = nullptr);

} // namespace ampcc

#endif
