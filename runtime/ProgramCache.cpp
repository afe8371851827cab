// What a program is (its identity in memory) and the on-disk cache of built OpenCL programs, keyed by kernel
// source, build options, device and driver, so that a second run of a program does not compile its kernels again.
#include "RuntimeState.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

// Header-only: the hashing is compiled into the runtime, so programs that link it need no extra library.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace ampcc::rt {
namespace {

// Each field goes in with its length, so that no two different lists of fields hash the same bytes.
void addField(XXH3_state_t &State, const void *Data, std::size_t Length) {
  std::uint64_t N = Length;
  XXH3_128bits_update(&State, &N, sizeof N);
  XXH3_128bits_update(&State, Data, Length);
}

std::string hex(const XXH128_hash_t &H) {
  char Buf[33];
  std::snprintf(Buf, sizeof Buf, "%016llx%016llx", static_cast<unsigned long long>(H.high64),
                static_cast<unsigned long long>(H.low64));
  return Buf;
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

ProgramId programId(const char *Source, std::size_t Length, const char *Options) {
  XXH3_state_t State;
  XXH3_128bits_reset(&State);
  addField(State, Source, Length);
  addField(State, Options, std::strlen(Options));
  XXH128_hash_t H = XXH3_128bits_digest(&State);
  return {H.low64, H.high64};
}

std::string programCacheKey(const ProgramId &Program, const device_info &Device) {
  std::string Name(Device.description.begin(), Device.description.end());
  XXH3_state_t State;
  XXH3_128bits_reset(&State);
  addField(State, &Program.Low, sizeof Program.Low);
  addField(State, &Program.High, sizeof Program.High);
  addField(State, Name.data(), Name.size());
  addField(State, Device.driver_version.data(), Device.driver_version.size());
  return hex(XXH3_128bits_digest(&State));
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
