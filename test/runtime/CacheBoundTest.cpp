// Tests of the cap on ampcc's cache folders (lib/Support/CacheBound.h): the least recently used entries go
// first, the entry just written and recently used ones stay, and files that are not the cache's are left alone.
#include "Support/CacheBound.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>

namespace fs = std::filesystem;
using namespace ampcc::cache;

namespace {

constexpr std::uint64_t KiB = 1024;

class CacheBoundTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string Template = (fs::temp_directory_path() / "ampcc-cache-bound-XXXXXX").string();
    ASSERT_NE(mkdtemp(Template.data()), nullptr);
    Dir = Template;
  }
  void TearDown() override { fs::remove_all(Dir); }

  // A file of Bytes bytes last modified AgeSeconds ago.
  fs::path put(const std::string &Name, std::uint64_t Bytes, long AgeSeconds) {
    fs::path P = Dir / Name;
    std::ofstream(P, std::ios::binary) << std::string(Bytes, 'x');
    struct timespec Times[2];
    ::clock_gettime(CLOCK_REALTIME, &Times[0]);
    Times[0].tv_sec -= AgeSeconds;
    Times[1] = Times[0];
    EXPECT_EQ(::utimensat(AT_FDCWD, P.c_str(), Times, 0), 0);
    return P;
  }

  EvictionResult evict(std::uint64_t Cap, const std::string &Keep = "", const std::string &EntrySuffix = ".bin",
                       const std::string &Marker = "") {
    EvictionPolicy Policy;
    Policy.CapBytes = Cap;
    Policy.Keep = Keep;
    Policy.EntrySuffix = EntrySuffix;
    Policy.MarkerSuffix = Marker;
    return evictLeastRecentlyUsed(Dir.string(), Policy);
  }

  bool has(const std::string &Name) { return fs::exists(Dir / Name); }

  fs::path Dir;
};

} // namespace

TEST_F(CacheBoundTest, WithinTheCapNothingGoes) {
  for (int I = 0; I < 4; ++I)
    put("k" + std::to_string(I) + ".bin", 100 * KiB, 1000 - I);
  EvictionResult R = evict(400 * KiB);
  EXPECT_EQ(R.EntriesRemoved, 0u);
  EXPECT_EQ(R.BytesBefore, 400 * KiB);
  for (int I = 0; I < 4; ++I)
    EXPECT_TRUE(has("k" + std::to_string(I) + ".bin"));
  EXPECT_FALSE(has(".lock")) << "a folder within its cap is not locked";
}

// Ten entries written one after another, one of the oldest read since: over the cap, the least recently used
// go until the folder holds 80% of the cap, and the one read stays.
TEST_F(CacheBoundTest, LeastRecentlyUsedGoFirst) {
  for (int I = 0; I < 10; ++I)
    put("k" + std::to_string(I) + ".bin", 100 * KiB, 1000 - I);
  markUsed((Dir / "k2.bin").string());
  EvictionResult R = evict(600 * KiB);
  EXPECT_EQ(R.BytesBefore, 1000 * KiB);
  EXPECT_EQ(R.BytesAfter, 400 * KiB);
  EXPECT_EQ(R.EntriesRemoved, 6u);
  for (const char *Gone : {"k0.bin", "k1.bin", "k3.bin", "k4.bin", "k5.bin", "k6.bin"})
    EXPECT_FALSE(has(Gone)) << Gone;
  for (const char *Kept : {"k2.bin", "k7.bin", "k8.bin", "k9.bin"})
    EXPECT_TRUE(has(Kept)) << Kept;
}

TEST_F(CacheBoundTest, TheEntryJustWrittenStaysEvenAloneOverTheCap) {
  put("old.bin", 10 * KiB, 100);
  put("big.bin", 500 * KiB, 1000);
  EvictionResult R = evict(100 * KiB, "big");
  EXPECT_TRUE(has("big.bin"));
  EXPECT_FALSE(has("old.bin"));
  EXPECT_EQ(R.EntriesRemoved, 1u);
}

// A preamble's entry is several files (<key>.pch, <key>.files): they go together, and the newest one's time
// is the entry's last use.
TEST_F(CacheBoundTest, AnEntryOfSeveralFilesGoesWhole) {
  put("a.pch", 300 * KiB, 1000);
  put("a.files", 1 * KiB, 10); // a's record marked used lately
  put("b.pch", 300 * KiB, 500);
  put("b.files", 1 * KiB, 500);
  put("b.seen", 0, 40L * 24 * 3600);
  put("c.seen", 0, 3600);
  evict(400 * KiB, "", "", ".seen");
  EXPECT_TRUE(has("a.pch"));
  EXPECT_TRUE(has("a.files"));
  EXPECT_FALSE(has("b.pch"));
  EXPECT_FALSE(has("b.files"));
  EXPECT_FALSE(has("b.seen")) << "a marker older than its age goes";
  EXPECT_TRUE(has("c.seen"));
}

// AMPCC_CACHE_DIR may be a folder of the user's with other files in it; a temporary may be being written.
TEST_F(CacheBoundTest, FilesNotTheCachesAndTemporariesBeingWrittenStay) {
  put("notes.txt", 900 * KiB, 100000);
  fs::create_directory(Dir / "preambles");
  std::ofstream(Dir / "preambles" / "x.pch") << std::string(900 * KiB, 'p');
  put(".hidden", 10 * KiB, 5L * 24 * 3600);
  put("k.bin.aaaaaa.tmp", 900 * KiB, 60);             // being written
  put("k.bin.bbbbbb.tmp", 900 * KiB, 2L * 24 * 3600); // a crash's
  put("k.bin", 100 * KiB, 100);
  put("j.bin", 100 * KiB, 200);
  EvictionResult R = evict(150 * KiB);
  EXPECT_EQ(R.BytesBefore, 200 * KiB) << "only entries count";
  EXPECT_TRUE(has("notes.txt"));
  EXPECT_TRUE(has("preambles/x.pch"));
  EXPECT_TRUE(has(".hidden"));
  EXPECT_TRUE(has("k.bin.aaaaaa.tmp"));
  EXPECT_FALSE(has("k.bin.bbbbbb.tmp"));
  EXPECT_TRUE(has("k.bin"));
  EXPECT_FALSE(has("j.bin"));
}

TEST_F(CacheBoundTest, CapFromEnvironment) {
  ::setenv("AMPCC_TEST_CACHE_MB", "0.5", 1);
  EXPECT_EQ(capFromEnvironment("AMPCC_TEST_CACHE_MB", 256), 512 * KiB);
  ::setenv("AMPCC_TEST_CACHE_MB", "3", 1);
  EXPECT_EQ(capFromEnvironment("AMPCC_TEST_CACHE_MB", 256), 3 * 1024 * KiB);
  ::setenv("AMPCC_TEST_CACHE_MB", "lots", 1);
  EXPECT_EQ(capFromEnvironment("AMPCC_TEST_CACHE_MB", 256), 256 * 1024 * KiB);
  ::unsetenv("AMPCC_TEST_CACHE_MB");
  EXPECT_EQ(capFromEnvironment("AMPCC_TEST_CACHE_MB", 2), 2 * 1024 * KiB);
}
