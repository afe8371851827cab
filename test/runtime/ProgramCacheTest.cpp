// Tests of the on-disk program cache: damaged, foreign and unwritable entries never fail a run, and are rebuilt.
//
// Each run is a fresh process (ProgramCacheClient.cpp), as a user's program would be: the runtime then has
// nothing in memory and reads the entry from disk. An entry is the header described in docs/design.md
// ("Runtime extras") followed by the driver's binary.
#include "RunProgram.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
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

  // Runs the client with the cache in CacheDir (default: Dir) and AMPCC_PROFILE on.
  ClientRun run(const fs::path &CacheDir = {}) {
    ampcc_test::ProgramRun P =
        ampcc_test::runProgram("AMPCC_CACHE=1 AMPCC_PROFILE=1 AMPCC_CACHE_DIR='" +
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
