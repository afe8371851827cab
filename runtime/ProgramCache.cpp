// The on-disk cache of built OpenCL programs, keyed by kernel source, build options, device and driver,
// so that a second run of a program does not compile its kernels again.
#include "RuntimeState.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace ampcc::rt {
namespace {

std::uint64_t fnv1a(const std::string &S, std::uint64_t H = 1469598103934665603ull) {
  for (unsigned char C : S) {
    H ^= C;
    H *= 1099511628211ull;
  }
  return H;
}

// Empty when the cache is off or has no usable folder.
std::string cacheDir() {
  const char *Off = std::getenv("AMPCC_CACHE");
  if (Off && std::string(Off) == "0")
    return {};
  std::string Dir;
  if (const char *D = std::getenv("AMPCC_CACHE_DIR"); D && *D)
    Dir = D;
  else if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X)
    Dir = std::string(X) + "/ampcc";
  else if (const char *H = std::getenv("HOME"); H && *H)
    Dir = std::string(H) + "/.cache/ampcc";
  else
    return {};
  // Create each level; an existing folder is fine.
  for (size_t I = 1; I <= Dir.size(); ++I)
    if (I == Dir.size() || Dir[I] == '/')
      mkdir(Dir.substr(0, I).c_str(), 0755);
  return ::access(Dir.c_str(), W_OK) == 0 ? Dir : std::string();
}

} // namespace

std::string programCacheKey(const char *Source, const char *Options, const device_info &Device) {
  std::string Id(Device.description.begin(), Device.description.end());
  std::uint64_t H = fnv1a(Source);
  H = fnv1a(Options, H);
  H = fnv1a(Id, H);
  H = fnv1a(Device.driver_version, H);
  char Buf[17];
  std::snprintf(Buf, sizeof Buf, "%016llx", static_cast<unsigned long long>(H));
  return Buf;
}

std::vector<unsigned char> loadCachedBinary(const std::string &Key) {
  std::string Dir = cacheDir();
  if (Dir.empty())
    return {};
  std::ifstream In(Dir + "/" + Key + ".bin", std::ios::binary);
  if (!In)
    return {};
  return std::vector<unsigned char>(std::istreambuf_iterator<char>(In), std::istreambuf_iterator<char>());
}

void storeCachedBinary(const std::string &Key, const std::vector<unsigned char> &Binary) {
  std::string Dir = cacheDir();
  if (Dir.empty())
    return;
  // Write then rename, so a concurrent run never reads half a file.
  std::string Final = Dir + "/" + Key + ".bin";
  std::string Temp = Final + "." + std::to_string(getpid()) + ".tmp";
  {
    std::ofstream Out(Temp, std::ios::binary);
    if (!Out)
      return;
    Out.write(reinterpret_cast<const char *>(Binary.data()), static_cast<std::streamsize>(Binary.size()));
  }
  std::rename(Temp.c_str(), Final.c_str());
}

} // namespace ampcc::rt
