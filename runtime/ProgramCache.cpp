// What a program is (its identity in memory) and the on-disk cache of built OpenCL programs, keyed by kernel
// source, build options, device and driver, so that a second run of a program does not compile its kernels again.
// The folder is kept within AMPCC_CACHE_MB by removing the least recently used entries (Support/CacheBound.h).
#include "RuntimeState.h"
#include "Support/CacheBound.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

// Header-only: the hashing is compiled into the runtime, so programs that link it need no extra library.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace ampcc::rt {
namespace {

// An entry is a header and then the driver's binary (the payload); integers are little-endian:
//    0  magic "AMPCCBIN"         8 bytes
//    8  format version          u32
//   12  header size             u32, HeaderBytes
//   16  entry key               XXH3-128 of the entry's name, which hashes the program, device and driver
//   32  device identity         XXH3-128 of the device name and the driver version
//   48  payload length          u64
//   56  payload checksum        XXH3-128 of the payload
// A file that differs from this in any field is not used: it is rebuilt from source and replaced.
constexpr char Magic[8] = {'A', 'M', 'P', 'C', 'C', 'B', 'I', 'N'};
constexpr std::uint32_t FormatVersion = 1;
constexpr std::size_t HeaderBytes = 72;
// A file larger than this is not read: no driver binary of one program comes near it.
constexpr std::uint64_t MaxPayload = std::uint64_t(1) << 30;
// The folder's size before the least recently used entries go (AMPCC_CACHE_MB). A program's binary is tens to
// hundreds of kilobytes on PoCL (102 MB held 800 entries), a few megabytes with NVIDIA's.
constexpr double DefaultCacheMB = 256;

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

// The hash as bytes in a fixed order (XXH3's canonical form), as it is stored in the header.
XXH128_canonical_t canonical(const XXH128_hash_t &H) {
  XXH128_canonical_t C;
  XXH128_canonicalFromHash(&C, H);
  return C;
}

XXH128_canonical_t deviceIdentity(const device_info &Device) {
  std::string Name(Device.description.begin(), Device.description.end());
  XXH3_state_t State;
  XXH3_128bits_reset(&State);
  addField(State, Name.data(), Name.size());
  addField(State, Device.driver_version.data(), Device.driver_version.size());
  return canonical(XXH3_128bits_digest(&State));
}

void putLittleEndian(unsigned char *P, std::uint64_t V, int Bytes) {
  for (int I = 0; I < Bytes; ++I)
    P[I] = static_cast<unsigned char>(V >> (8 * I));
}

std::uint64_t getLittleEndian(const unsigned char *P, int Bytes) {
  std::uint64_t V = 0;
  for (int I = 0; I < Bytes; ++I)
    V |= std::uint64_t(P[I]) << (8 * I);
  return V;
}

std::vector<unsigned char> header(const std::string &Key, const device_info &Device,
                                  const std::vector<unsigned char> &Payload) {
  std::vector<unsigned char> H(HeaderBytes);
  std::memcpy(H.data(), Magic, sizeof Magic);
  putLittleEndian(&H[8], FormatVersion, 4);
  putLittleEndian(&H[12], HeaderBytes, 4);
  XXH128_canonical_t KeyId = canonical(XXH3_128bits(Key.data(), Key.size()));
  std::memcpy(&H[16], &KeyId, 16);
  XXH128_canonical_t DeviceId = deviceIdentity(Device);
  std::memcpy(&H[32], &DeviceId, 16);
  putLittleEndian(&H[48], Payload.size(), 8);
  XXH128_canonical_t Sum = canonical(XXH3_128bits(Payload.data(), Payload.size()));
  std::memcpy(&H[56], &Sum, 16);
  return H;
}

// Why File cannot be used as the entry Key for Device; empty when it can.
std::string problem(const std::vector<unsigned char> &File, const std::string &Key, const device_info &Device) {
  if (File.size() < HeaderBytes)
    return "it is " + std::to_string(File.size()) + " bytes, shorter than an entry's header";
  if (std::memcmp(File.data(), Magic, sizeof Magic) != 0)
    return "it does not start with an ampcc program cache header";
  if (std::uint64_t V = getLittleEndian(&File[8], 4); V != FormatVersion)
    return "it has format version " + std::to_string(V) + ", this runtime reads version " +
           std::to_string(FormatVersion);
  if (getLittleEndian(&File[12], 4) != HeaderBytes)
    return "its header size is wrong";
  XXH128_canonical_t KeyId = canonical(XXH3_128bits(Key.data(), Key.size()));
  if (std::memcmp(&File[16], &KeyId, 16) != 0)
    return "it holds another program";
  XXH128_canonical_t DeviceId = deviceIdentity(Device);
  if (std::memcmp(&File[32], &DeviceId, 16) != 0)
    return "it was built for another device or driver version";
  if (std::uint64_t N = getLittleEndian(&File[48], 8); N != File.size() - HeaderBytes)
    return "its header promises " + std::to_string(N) + " bytes of binary and it holds " +
           std::to_string(File.size() - HeaderBytes);
  XXH128_canonical_t Sum = canonical(XXH3_128bits(File.data() + HeaderBytes, File.size() - HeaderBytes));
  if (std::memcmp(&File[56], &Sum, 16) != 0)
    return "its checksum does not match its contents";
  return {};
}

// Under AMPCC_PROFILE, says once per process why the cache is not used.
void folderUnusable(const std::string &Dir, int Err) {
  static std::once_flag Once;
  if (profiling())
    std::call_once(Once, [&] {
      std::fprintf(stderr,
                   "ampcc profile: the program cache folder %s cannot be used (%s); programs are built "
                   "from source\n",
                   Dir.c_str(), std::strerror(Err));
    });
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
  if (::access(Dir.c_str(), W_OK) != 0) {
    folderUnusable(Dir, errno);
    return {};
  }
  return Dir;
}

std::string entryPath(const std::string &Dir, const std::string &Key) { return Dir + "/" + Key + ".bin"; }

// The whole file, or false when it cannot be read (or is too large to be an entry).
bool readFile(const std::string &Path, std::vector<unsigned char> &Out, int &Err) {
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0) {
    Err = errno;
    return false;
  }
  struct stat St;
  bool Ok = ::fstat(Fd, &St) == 0 && S_ISREG(St.st_mode) &&
            static_cast<std::uint64_t>(St.st_size) <= HeaderBytes + MaxPayload;
  Err = Ok ? 0 : EINVAL;
  if (Ok) {
    Out.resize(static_cast<size_t>(St.st_size));
    size_t Done = 0;
    while (Done < Out.size()) {
      ssize_t N = ::read(Fd, Out.data() + Done, Out.size() - Done);
      if (N < 0 && errno == EINTR)
        continue;
      if (N < 0) {
        Ok = false;
        Err = errno;
        break;
      }
      // Shortened while it was read: what was there is kept, and the checks find it short.
      if (N == 0)
        break;
      Done += static_cast<size_t>(N);
    }
    Out.resize(Done);
  }
  ::close(Fd);
  return Ok;
}

bool writeAll(int Fd, const unsigned char *Data, size_t Size) {
  while (Size) {
    ssize_t N = ::write(Fd, Data, Size);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Data += N;
    Size -= static_cast<size_t>(N);
  }
  return true;
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

void ignoredCacheEntry(const std::string &Key, const std::string &Why) {
  if (profiling())
    std::fprintf(stderr, "ampcc profile: ignored the program cache entry %s: %s; building the program from source\n",
                 entryPath(cacheDir(), Key).c_str(), Why.c_str());
}

std::vector<unsigned char> loadCachedBinary(const std::string &Key, const device_info &Device) {
  std::string Dir = cacheDir();
  if (Dir.empty())
    return {};
  std::vector<unsigned char> File;
  int Err = 0;
  if (!readFile(entryPath(Dir, Key), File, Err)) {
    if (Err != ENOENT)
      ignoredCacheEntry(Key, std::string("it cannot be read (") + std::strerror(Err) + ")");
    return {};
  }
  if (std::string Why = problem(File, Key, Device); !Why.empty()) {
    ignoredCacheEntry(Key, Why);
    return {};
  }
  File.erase(File.begin(), File.begin() + HeaderBytes);
  cache::markUsed(entryPath(Dir, Key)); // recently used: the last to be evicted
  return File;
}

bool programCacheUsed(const device_info &Device) {
  if (cacheDir().empty())
    return false;
  static const std::wstring Pocl = L"(Portable Computing Language)";
  const std::wstring &D = Device.description;
  bool OnPocl = D.size() >= Pocl.size() && D.compare(D.size() - Pocl.size(), Pocl.size(), Pocl) == 0;
  const char *On = std::getenv("AMPCC_CACHE");
  return !OnPocl || (On && std::string(On) == "1");
}

void storeCachedBinary(const std::string &Key, const device_info &Device, const std::vector<unsigned char> &Binary) {
  std::string Dir = cacheDir();
  if (Dir.empty())
    return;
  // Written whole to a temporary file in the same folder, then renamed over the entry: a reader (another
  // run, or this one after a crash) sees the old entry or the new one, never part of one. The checksum
  // catches what a crash of the machine itself can leave behind.
  std::string Final = entryPath(Dir, Key);
  std::string Temp = Dir + "/" + Key + ".bin.XXXXXX.tmp";
  int Fd = ::mkostemps(Temp.data(), 4, O_CLOEXEC);
  if (Fd < 0) {
    folderUnusable(Dir, errno);
    return;
  }
  std::vector<unsigned char> Head = header(Key, Device, Binary);
  bool Ok = writeAll(Fd, Head.data(), Head.size()) && writeAll(Fd, Binary.data(), Binary.size()) &&
            ::fchmod(Fd, 0644) == 0 && ::fsync(Fd) == 0;
  Ok = ::close(Fd) == 0 && Ok;
  if (Ok && std::rename(Temp.c_str(), Final.c_str()) == 0) {
    cache::EvictionPolicy Policy;
    Policy.CapBytes = cache::capFromEnvironment("AMPCC_CACHE_MB", DefaultCacheMB);
    Policy.Keep = Key;
    Policy.EntrySuffix = ".bin";
    cache::EvictionResult R = cache::evictLeastRecentlyUsed(Dir, Policy);
    if (R.EntriesRemoved && profiling())
      std::fprintf(stderr,
                   "ampcc profile: the program cache %s held %.1f MB, over its cap of %.1f MB (AMPCC_CACHE_MB); "
                   "removed the %u least recently used entries, %.1f MB left\n",
                   Dir.c_str(), R.BytesBefore / 1048576.0, Policy.CapBytes / 1048576.0, R.EntriesRemoved,
                   R.BytesAfter / 1048576.0);
    return;
  }
  int Err = errno;
  ::unlink(Temp.c_str());
  if (profiling())
    std::fprintf(stderr, "ampcc profile: could not write the program cache entry %s (%s)\n", Final.c_str(),
                 std::strerror(Err));
}

} // namespace ampcc::rt
