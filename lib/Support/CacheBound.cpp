// Least-recently-used eviction for ampcc's cache folders (see CacheBound.h).
#include "Support/CacheBound.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <map>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace ampcc::cache {
namespace {

constexpr const char *LockName = ".lock";

bool endsWith(const std::string &S, const std::string &Suffix) {
  return !Suffix.empty() && S.size() >= Suffix.size() &&
         S.compare(S.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

std::int64_t nanos(const struct timespec &T) { return std::int64_t(T.tv_sec) * 1000000000 + T.tv_nsec; }

// Holds an exclusive flock on Dir/.lock while it lives; without one (a file system without flock) the
// eviction goes on unlocked, which can at worst remove a little more than needed.
class FolderLock {
public:
  explicit FolderLock(const std::string &Dir) {
    Fd = ::open((Dir + "/" + LockName).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (Fd >= 0)
      while (::flock(Fd, LOCK_EX) != 0 && errno == EINTR) {
      }
  }
  ~FolderLock() {
    if (Fd >= 0)
      ::close(Fd); // releases the lock
  }
  FolderLock(const FolderLock &) = delete;
  FolderLock &operator=(const FolderLock &) = delete;

private:
  int Fd = -1;
};

struct File {
  std::string Path;
  std::int64_t Modified = 0; // as scanned: a later one means it was used or rewritten since
};

struct Entry {
  std::vector<File> Files;
  std::uint64_t Size = 0;
  std::int64_t LastUse = 0;
};

} // namespace

std::uint64_t capFromEnvironment(const char *Variable, double DefaultMB) {
  double MB = DefaultMB;
  if (const char *V = std::getenv(Variable); V && *V) {
    char *End = nullptr;
    double D = std::strtod(V, &End);
    if (End && *End == '\0' && D >= 0)
      MB = D;
  }
  return static_cast<std::uint64_t>(MB * 1048576.0);
}

void markUsed(const std::string &Path) { ::utimensat(AT_FDCWD, Path.c_str(), nullptr, 0); }

namespace {

struct Scan {
  std::map<std::string, Entry> Entries;
  std::uint64_t Bytes = 0;
};

// The entries of Dir; removes the temporaries and markers that have outlived their age on the way.
bool scan(const std::string &Dir, const EvictionPolicy &Policy, Scan &Out) {
  DIR *D = ::opendir(Dir.c_str());
  if (!D)
    return false;
  struct timespec NowTs;
  ::clock_gettime(CLOCK_REALTIME, &NowTs);
  const std::int64_t Now = nanos(NowTs);
  const std::int64_t Hour = std::int64_t(3600) * 1000000000;
  const std::int64_t MarkerAge = std::int64_t(Policy.MarkerAge.count()) * Hour;
  while (struct dirent *E = ::readdir(D)) {
    std::string Name = E->d_name;
    if (Name == "." || Name == ".." || Name == LockName)
      continue;
    bool Temporary = endsWith(Name, ".tmp") &&
                     (Policy.EntrySuffix.empty() || Name.find(Policy.EntrySuffix + ".") != std::string::npos);
    bool Marker = !Temporary && endsWith(Name, Policy.MarkerSuffix);
    bool IsEntry = !Temporary && !Marker && (Policy.EntrySuffix.empty() || endsWith(Name, Policy.EntrySuffix));
    if (!Temporary && !Marker && !IsEntry)
      continue; // not the cache's
    std::string Path = Dir + "/" + Name;
    struct stat St;
    if (::lstat(Path.c_str(), &St) != 0 || !S_ISREG(St.st_mode))
      continue; // gone since readdir, a folder, a link
    std::int64_t Modified = nanos(St.st_mtim);
    if (Temporary || Marker) {
      if (Now - Modified > (Temporary ? 24 * Hour : MarkerAge))
        ::unlink(Path.c_str());
      continue;
    }
    Entry &En = Out.Entries[Name.substr(0, Name.find('.'))];
    En.Files.push_back({Path, Modified});
    En.Size += static_cast<std::uint64_t>(St.st_size);
    En.LastUse = std::max(En.LastUse, Modified);
    Out.Bytes += static_cast<std::uint64_t>(St.st_size);
  }
  ::closedir(D);
  return true;
}

} // namespace

EvictionResult evictLeastRecentlyUsed(const std::string &Dir, const EvictionPolicy &Policy) {
  EvictionResult R;
  // The common case, a folder within its cap, takes no lock.
  Scan First;
  if (!scan(Dir, Policy, First) || First.Bytes <= Policy.CapBytes) {
    R.BytesBefore = R.BytesAfter = First.Bytes;
    return R;
  }
  // Another process may have evicted while this one waited for the lock: the second scan sees what is left.
  FolderLock Lock(Dir);
  Scan S;
  if (!scan(Dir, Policy, S))
    return R;
  R.BytesBefore = R.BytesAfter = S.Bytes;
  if (S.Bytes <= Policy.CapBytes)
    return R;

  std::vector<std::pair<const std::string *, Entry *>> Order;
  for (auto &[Key, En] : S.Entries)
    if (Key != Policy.Keep)
      Order.push_back({&Key, &En});
  std::sort(Order.begin(), Order.end(), [](const auto &A, const auto &B) {
    return A.second->LastUse != B.second->LastUse ? A.second->LastUse < B.second->LastUse : *A.first < *B.first;
  });
  const std::uint64_t Target = Policy.CapBytes / 10 * 8;
  for (const auto &[Key, En] : Order) {
    if (R.BytesAfter <= Target)
      break;
    // Another process may have read the entry (marking it used) or rewritten it since the scan: then it is
    // recently used and stays.
    bool UsedSince = false;
    for (const File &F : En->Files) {
      struct stat St;
      if (::lstat(F.Path.c_str(), &St) == 0 && nanos(St.st_mtim) != F.Modified)
        UsedSince = true;
    }
    if (UsedSince)
      continue;
    for (const File &F : En->Files)
      ::unlink(F.Path.c_str()); // a file already gone is fine
    R.BytesAfter -= En->Size;
    ++R.EntriesRemoved;
  }
  return R;
}

} // namespace ampcc::cache
