// Tests of the launch grid (runtime/LaunchGrid.h): the work-groups a compute domain gets within a device's limits.
#include "LaunchGrid.h"

#include <gtest/gtest.h>

using namespace ampcc::rt;

namespace {

// An NVIDIA GPU's limits (CUDA's grid and block dimensions), for a kernel of 1024 threads.
GridLimits nvidia() { return {1024, {1024, 1024, 64}, {2147483647u, 65535u, 65535u}}; }

std::size_t groups(const std::size_t *Global, const std::size_t *Local, int D) { return Global[D] / Local[D]; }

} // namespace

TEST(LaunchGrid, RuntimeShapesWithoutLimits) {
  std::size_t G[3], L[3];
  const int E1[] = {1000};
  EXPECT_EQ(chooseGrid(E1, 1, nullptr, GridLimits{}, G, L), "");
  EXPECT_EQ(L[0], 256u);
  EXPECT_EQ(G[0], 1024u);
  const int E3[] = {5, 20, 30}; // C++ AMP order: OpenCL's dimension 0 carries the last
  EXPECT_EQ(chooseGrid(E3, 3, nullptr, GridLimits{}, G, L), "");
  EXPECT_EQ(L[0], 8u);
  EXPECT_EQ(L[2], 4u);
  EXPECT_EQ(G[0], 32u);
  EXPECT_EQ(G[1], 24u);
  EXPECT_EQ(G[2], 8u);
}

TEST(LaunchGrid, TilesAsWritten) {
  std::size_t G[3], L[3];
  const int E[] = {64, 32};
  const unsigned Tile[] = {16, 8};
  EXPECT_EQ(chooseGrid(E, 2, Tile, nvidia(), G, L), "");
  EXPECT_EQ(L[0], 8u);
  EXPECT_EQ(L[1], 16u);
  EXPECT_EQ(G[0], 32u);
  EXPECT_EQ(G[1], 64u);
}

// The conformance suite's Misc/HigherRank: extent<8>(7, 13, 17, 12, 9, 8, 10, 3), whose six leading dimensions fold
// into 1336608 along the third launch dimension: with the rank-3 work-group (4 there), 334152 work-groups, past the
// 65535 of an NVIDIA GPU (CUDA refused the launch; NVIDIA's OpenCL ran it wrong). The work-group grows there.
TEST(LaunchGrid, FoldedDimensionsWithinNvidiasGrid) {
  std::size_t G[3], L[3];
  const int Folded[] = {7 * 13 * 17 * 12 * 9 * 8, 10, 3};
  EXPECT_EQ(chooseGrid(Folded, 3, nullptr, nvidia(), G, L), "");
  for (int D = 0; D < 3; ++D) {
    EXPECT_LE(groups(G, L, D), nvidia().Groups[D]) << D;
    EXPECT_LE(L[D], nvidia().Local[D]) << D;
  }
  EXPECT_LE(L[0] * L[1] * L[2], 1024u);
  EXPECT_GE(G[2], static_cast<std::size_t>(Folded[0]));
  EXPECT_GE(G[1], 10u);
  EXPECT_GE(G[0], 3u);
}

// Past what even a full work-group can cover: refused with what does not fit, not launched.
TEST(LaunchGrid, RefusesWhatTheDeviceCannotLaunch) {
  std::size_t G[3], L[3];
  const int E[] = {65535 * 64 + 1, 1, 1};
  std::string Why = chooseGrid(E, 3, nullptr, nvidia(), G, L);
  EXPECT_NE(Why.find("work-groups"), std::string::npos) << Why;
  EXPECT_NE(Why.find("dimension z"), std::string::npos) << Why;
  const int Tiled[] = {16 * 70000, 16};
  const unsigned Tile[] = {16, 16};
  EXPECT_NE(chooseGrid(Tiled, 2, Tile, nvidia(), G, L), "");
  EXPECT_EQ(chooseGrid(Tiled, 2, Tile, GridLimits{}, G, L), "") << "no limit known: launched";
}
