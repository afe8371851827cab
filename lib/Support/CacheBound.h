// A cache folder kept within a size cap by removing its least recently used entries, safely while several
// processes use it; shared by the runtime's program cache and the translator's preamble caches (plain C++ and
// POSIX, no LLVM, so that the runtime can compile it in).
//
// The folder's layout, which every user of it follows:
//  - an entry is every regular file named <key> or <key>.<anything> (a program's <key>.bin; a preamble's
//    <key>.pch, <key>.files, ...), or only those ending in EntrySuffix where the folder may hold other files
//    (AMPCC_CACHE_DIR is the user's choice): its size theirs together, its last use its newest modification time;
//  - a user marks an entry used (markUsed) when it reads it, and writes a new one to a temporary file renamed
//    into place, named <anything>.tmp (<anything>EntrySuffix.<anything>.tmp with an EntrySuffix): never counted
//    nor removed while it may be being written, removed once a day old (left by a crash);
//  - markers (zero-length stamps such as a preamble's <key>.seen) are not entries: removed once MarkerAge old;
//  - folders, links and other files are left alone (the preamble cache is a folder inside the program cache's).
#ifndef AMPCC_SUPPORT_CACHEBOUND_H
#define AMPCC_SUPPORT_CACHEBOUND_H

#include <chrono>
#include <cstdint>
#include <string>

namespace ampcc::cache {

// The cap in bytes: Variable's value in megabytes (2^20 bytes, a fraction allowed: "0.5"), else DefaultMB.
// A value that is not a number, or is negative, counts as unset.
std::uint64_t capFromEnvironment(const char *Variable, double DefaultMB);

// Records that the file was just used: its modification time becomes now. Nothing happens if it is gone.
void markUsed(const std::string &Path);

struct EvictionPolicy {
  std::uint64_t CapBytes = 0;
  // The entry just written, never removed even when it alone is over the cap.
  std::string Keep;
  // When not empty, only names ending so are entries.
  std::string EntrySuffix;
  // Names ending so are markers, removed once MarkerAge old (empty: none).
  std::string MarkerSuffix;
  std::chrono::hours MarkerAge{24 * 30};
};

struct EvictionResult {
  std::uint64_t BytesBefore = 0, BytesAfter = 0;
  unsigned EntriesRemoved = 0;
};

// When the entries of Dir hold more than Policy.CapBytes, removes the least recently used until they hold 80%
// of it (so that the next inserts do not each evict). The removal runs under an exclusive flock of Dir/.lock,
// after a second scan, so that two processes never evict at once and each sees the other's removals; an entry
// used or rewritten after that scan is kept, and a file that vanishes meanwhile is skipped. Never fails: a
// folder that cannot be read is left as it is, one that cannot be locked is evicted without the lock.
EvictionResult evictLeastRecentlyUsed(const std::string &Dir, const EvictionPolicy &Policy);

} // namespace ampcc::cache

#endif
