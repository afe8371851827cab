// Tests of the on-disk program cache: damaged, foreign and unwritable entries never fail a run, and are rebuilt.
//
// Each run is a fresh process (ProgramCacheClient.cpp), as a user's program would be: the runtime then has
// nothing in memory and reads the entry from disk. An entry is the header described in docs/design/runtime.md
// ("Program cache on disk") followed by the driver's binary.
#include "RunProgram.h"
#include "RuntimeState.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

using Bytes = std::vector<char>;

// Header fields the tests change, by offset.
constexpr std::size_t VersionOffset = 8, HeaderBytesOffset = 12, DeviceOffset = 32;

struct ClientRun {
  bool Ok = false; // exited with status 0: the kernel ran and gave the right results
  std::string Output;
  unsigned Built = 0, Loaded = 0;
};

Bytes readFile(const fs::path &P) {
  std::ifstream In(P, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(In), std::istreambuf_iterator<char>());
}

void writeFile(const fs::path &P, const Bytes &B) {
  std::ofstream Out(P, std::ios::binary | std::ios::trunc);
  Out.write(B.data(), static_cast<std::streamsize>(B.size()));
}

class ProgramCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string Template = (fs::temp_directory_path() / "ampcc-program-cache-XXXXXX").string();
    ASSERT_NE(mkdtemp(Template.data()), nullptr);
    Dir = Template;
  }
  void TearDown() override { fs::remove_all(Dir); }

  // Runs the client with the cache in CacheDir (default: Dir), AMPCC_PROFILE on and Environment's settings.
  ClientRun run(const fs::path &CacheDir = {}, const std::string &Environment = "") {
    ampcc_test::ProgramRun P =
        ampcc_test::runProgram(Environment + " AMPCC_CACHE=1 AMPCC_PROFILE=1 AMPCC_CACHE_DIR='" +
                               (CacheDir.empty() ? Dir : CacheDir).string() + "' '" AMPCC_CACHE_CLIENT "'");
    ClientRun R;
    R.Ok = P.Ok;
    R.Output = P.Output;
    if (std::size_t At = R.Output.find("built="); At != std::string::npos)
      std::sscanf(R.Output.c_str() + At, "built=%u loaded=%u", &R.Built, &R.Loaded);
    return R;
  }

  // The one entry in the cache; no temporary file is left beside it.
  fs::path entry() {
    std::vector<fs::path> Found;
    for (const fs::directory_entry &E : fs::directory_iterator(Dir))
      Found.push_back(E.path());
    EXPECT_EQ(Found.size(), 1u) << "the cache should hold exactly one file";
    return Found.empty() ? fs::path() : Found.front();
  }

  // Builds the entry, damages it with Damage, and checks that the next run ignores it, says so, rebuilds
  // and rewrites it, and that the run after that loads the rewritten entry.
  void expectRebuiltAndReplaced(const std::function<void(Bytes &)> &Damage) {
    ClientRun First = run();
    ASSERT_TRUE(First.Ok) << First.Output;
    ASSERT_EQ(First.Built, 1u) << First.Output;
    fs::path Entry = entry();
    Bytes Good = readFile(Entry);
    ASSERT_GT(Good.size(), 64u);
    Bytes Bad = Good;
    Damage(Bad);
    ASSERT_NE(Bad, Good);
    writeFile(Entry, Bad);

    ClientRun Second = run();
    EXPECT_TRUE(Second.Ok) << Second.Output;
    EXPECT_EQ(Second.Built, 1u) << Second.Output;
    EXPECT_EQ(Second.Loaded, 0u) << Second.Output;
    EXPECT_NE(Second.Output.find("ampcc profile: ignored the program cache entry"), std::string::npos) << Second.Output;
    EXPECT_EQ(entry(), Entry);

    ClientRun Third = run();
    EXPECT_TRUE(Third.Ok) << Third.Output;
    EXPECT_EQ(Third.Built, 0u) << Third.Output;
    EXPECT_EQ(Third.Loaded, 1u) << "the entry was not rewritten valid\n" << Third.Output;
    EXPECT_EQ(Third.Output.find("ignored"), std::string::npos) << Third.Output;
  }

  fs::path Dir;
};

} // namespace

TEST_F(ProgramCacheTest, SecondRunLoadsTheBinary) {
  ClientRun First = run();
  ASSERT_TRUE(First.Ok) << First.Output;
  EXPECT_EQ(First.Built, 1u);
  EXPECT_EQ(First.Loaded, 0u);
  ClientRun Second = run();
  EXPECT_TRUE(Second.Ok) << Second.Output;
  EXPECT_EQ(Second.Built, 0u);
  EXPECT_EQ(Second.Loaded, 1u);
  EXPECT_EQ(Second.Output.find("ignored"), std::string::npos) << Second.Output;
}

TEST_F(ProgramCacheTest, TruncatedEntryIsRebuilt) {
  expectRebuiltAndReplaced([](Bytes &B) { B.resize(B.size() / 2); });
}

TEST_F(ProgramCacheTest, EntryShorterThanItsHeaderIsRebuilt) {
  expectRebuiltAndReplaced([](Bytes &B) { B.resize(10); });
}

TEST_F(ProgramCacheTest, ZeroedEntryIsRebuilt) {
  expectRebuiltAndReplaced([](Bytes &B) { std::fill(B.begin(), B.end(), '\0'); });
}

TEST_F(ProgramCacheTest, GarbledMiddleIsRebuilt) {
  expectRebuiltAndReplaced([](Bytes &B) {
    for (std::size_t I = B.size() / 2; I < B.size() / 2 + 64; ++I)
      B[I] = static_cast<char>(B[I] ^ 0x5a);
  });
}

TEST_F(ProgramCacheTest, OtherFormatVersionIsRebuilt) {
  expectRebuiltAndReplaced([](Bytes &B) {
    std::uint32_t Version = 999;
    for (int I = 0; I < 4; ++I)
      B[VersionOffset + I] = static_cast<char>(Version >> (8 * I));
  });
}

TEST_F(ProgramCacheTest, EntryOfAnotherDeviceIsRebuilt) {
  expectRebuiltAndReplaced([](Bytes &B) { B[DeviceOffset] = static_cast<char>(B[DeviceOffset] ^ 1); });
}

// What earlier versions of ampcc stored: the driver's binary with no header.
TEST_F(ProgramCacheTest, DriverBinaryWithoutHeaderIsRebuilt) {
  expectRebuiltAndReplaced([](Bytes &B) {
    std::uint32_t HeaderBytes = 0;
    for (int I = 0; I < 4; ++I)
      HeaderBytes |= static_cast<std::uint32_t>(static_cast<unsigned char>(B[HeaderBytesOffset + I])) << (8 * I);
    ASSERT_LT(HeaderBytes, B.size());
    B.erase(B.begin(), B.begin() + HeaderBytes);
  });
}

// Tests run as root, where permissions do not stop writes: a folder under a regular file cannot be made.
TEST_F(ProgramCacheTest, UnwritableFolderNeverFailsTheProgram) {
  fs::path File = Dir / "a-file";
  writeFile(File, Bytes(3, 'x'));
  for (int I = 0; I < 2; ++I) {
    ClientRun R = run(File / "cache");
    EXPECT_TRUE(R.Ok) << R.Output;
    EXPECT_EQ(R.Built, 1u) << R.Output;
    EXPECT_EQ(R.Loaded, 0u) << R.Output;
  }
  EXPECT_EQ(readFile(File), Bytes(3, 'x'));
}

namespace {

// The payload the concurrency test stores under entry I of process P: its length and bytes follow from both.
std::vector<unsigned char> payload(int P, int I) {
  std::vector<unsigned char> B(48 * 1024 + 97 * I + P);
  for (std::size_t J = 0; J < B.size(); ++J)
    B[J] = static_cast<unsigned char>(J * 31 + I * 7 + P);
  return B;
}

std::string key(int P, int I) {
  char K[33];
  std::snprintf(K, sizeof K, "%016x%016x", P + 1, I + 1);
  return K;
}

} // namespace

// Several processes store entries into one capped folder at once, as several programs (or a parallel test
// suite) do: each stays whole and loads back as written, no temporary is left, and the folder ends within
// its cap.
TEST_F(ProgramCacheTest, ConcurrentProcessesKeepTheCapAndEveryEntryWhole) {
  constexpr int Processes = 6, Entries = 20;
  ampcc::rt::device_info Device;
  Device.description = L"a test device";
  Device.driver_version = "1.0";
  std::vector<pid_t> Children;
  for (int P = 0; P < Processes; ++P) {
    pid_t Pid = fork();
    ASSERT_GE(Pid, 0);
    if (Pid == 0) {
      ::setenv("AMPCC_CACHE", "1", 1);
      ::setenv("AMPCC_CACHE_DIR", Dir.c_str(), 1);
      ::setenv("AMPCC_CACHE_MB", "1", 1);
      for (int I = 0; I < Entries; ++I)
        ampcc::rt::storeCachedBinary(key(P, I), Device, payload(P, I));
      _exit(0);
    }
    Children.push_back(Pid);
  }
  for (pid_t Pid : Children) {
    int Status = 0;
    ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
    EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0);
  }

  ::setenv("AMPCC_CACHE_DIR", Dir.c_str(), 1);
  ::setenv("AMPCC_CACHE", "1", 1);
  std::uintmax_t Total = 0;
  unsigned Found = 0;
  for (const fs::directory_entry &E : fs::directory_iterator(Dir)) {
    std::string Name = E.path().filename().string();
    if (Name == ".lock")
      continue;
    ASSERT_EQ(E.path().extension(), ".bin") << "left behind: " << Name;
    Total += E.file_size();
    ++Found;
    int P = -1, I = -1;
    ASSERT_EQ(std::sscanf(Name.c_str(), "%16x%16x", &P, &I), 2) << Name;
    std::string Key = Name.substr(0, Name.size() - 4);
    EXPECT_EQ(ampcc::rt::loadCachedBinary(Key, Device), payload(P - 1, I - 1)) << Name;
  }
  ::unsetenv("AMPCC_CACHE_DIR");
  ::setenv("AMPCC_CACHE", "0", 1);
  EXPECT_LE(Total, 1024u * 1024u) << "the folder is over its cap";
  EXPECT_GE(Found, 10u) << "the eviction removed more than it had to";
}

// A program run with a small cap: its entry goes in, the least recently used of those before it go, the one
// used lately stays, and the next run loads the program's own.
TEST_F(ProgramCacheTest, RunWithACapKeepsTheRecentlyUsed) {
  auto put = [&](const std::string &Name, long AgeSeconds) {
    writeFile(Dir / Name, Bytes(500 * 1024, 'x'));
    fs::last_write_time(Dir / Name, fs::file_time_type::clock::now() - std::chrono::seconds(AgeSeconds));
  };
  put("00000000000000000000000000000001.bin", 3000);
  put("00000000000000000000000000000002.bin", 2000);
  put("00000000000000000000000000000003.bin", 10); // used lately
  ClientRun First = run({}, "AMPCC_CACHE_MB=1");
  ASSERT_TRUE(First.Ok) << First.Output;
  EXPECT_EQ(First.Built, 1u) << First.Output;
  EXPECT_NE(First.Output.find("over its cap"), std::string::npos) << First.Output;
  EXPECT_FALSE(fs::exists(Dir / "00000000000000000000000000000001.bin"));
  EXPECT_FALSE(fs::exists(Dir / "00000000000000000000000000000002.bin"));
  EXPECT_TRUE(fs::exists(Dir / "00000000000000000000000000000003.bin"));
  ClientRun Second = run({}, "AMPCC_CACHE_MB=1");
  EXPECT_TRUE(Second.Ok) << Second.Output;
  EXPECT_EQ(Second.Loaded, 1u) << Second.Output;
}
