// Tests of the registry of kernels launched through their kernel objects: found by file, line, rank, tile
// and object size; a missing or ambiguous site is a runtime_exception that names the call.
#include "ampcc/exceptions.h"
#include "ampcc/runtime.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace ampcc::rt;

namespace {

const kernel_desc Rank1 = {"k1", "", "a.cpp", 1, {0, 0, 0}, 0, 0, 0};
const kernel_desc Tiled = {"k2", "", "a.cpp", 2, {4, 8, 0}, 0, 0, 0};
const kernel_desc Other = {"k3", "", "a.cpp", 1, {0, 0, 0}, 0, 0, 0};
const int NoTile[3] = {0, 0, 0};

std::string findError(const char *File, unsigned Line, unsigned Rank, const int *Tile, std::size_t Size) {
  try {
    find_closure_site(File, Line, Rank, Tile, Size);
  } catch (const concurrency::runtime_exception &E) {
    return E.what();
  }
  return "found";
}

} // namespace

TEST(ClosureSites, FoundByLineRangeRankTileAndSize) {
  closure_site A = {&Rank1, "/src/a.cpp", 10, 12, 16, nullptr, 0, nullptr, ""};
  closure_site B = {&Tiled, "/src/a.cpp", 10, 12, 16, nullptr, 0, nullptr, ""};
  closure_registration RA(A), RB(B);
  const int Tile[3] = {4, 8, 0};
  EXPECT_EQ(&find_closure_site("/src/a.cpp", 10, 1, NoTile, 16), &A);
  EXPECT_EQ(&find_closure_site("/src/a.cpp", 12, 1, NoTile, 16), &A);
  EXPECT_EQ(&find_closure_site("/src/a.cpp", 11, 2, Tile, 16), &B);
  // Another spelling of the same file (a header found through another path) still finds it.
  EXPECT_EQ(&find_closure_site("inc/../a.cpp", 11, 1, NoTile, 16), &A);
  EXPECT_EQ(findError("/src/a.cpp", 13, 1, NoTile, 16),
            "ampcc: no kernel was translated for the parallel_for_each at /src/a.cpp:13 (was this file compiled "
            "with ampcc?)");
  EXPECT_NE(findError("/src/a.cpp", 10, 1, NoTile, 24).find("no kernel was translated"), std::string::npos);
  EXPECT_NE(findError("/src/b.cpp", 10, 1, NoTile, 16).find("no kernel was translated"), std::string::npos);
}

TEST(ClosureSites, TwoKernelsOnOneLineAreAnError) {
  closure_site A = {&Rank1, "/src/c.cpp", 5, 5, 8, nullptr, 0, nullptr, ""};
  closure_site B = {&Other, "/src/c.cpp", 5, 5, 8, nullptr, 0, nullptr, ""};
  closure_registration RA(A), RB(B);
  EXPECT_EQ(findError("/src/c.cpp", 5, 1, NoTile, 8),
            "ampcc: 2 kernels of rank 1 were translated for the parallel_for_each at /src/c.cpp:5 and ampcc cannot "
            "tell them apart (two calls on one line, or instantiations of one call that the host compiler's "
            "__PRETTY_FUNCTION__ does not tell apart: Clang's does)");
}

TEST(ClosureSites, InstantiationsToldApartByTheLambdasTheCallerNames) {
  // One call in a template instantiated with two lambdas of one size (the kernel objects are alike).
  closure_site A = {&Rank1, "/src/run.h", 52, 54, 24, nullptr, 0, nullptr, "test.cpp:30"};
  closure_site B = {&Other, "/src/run.h", 52, 54, 24, nullptr, 0, nullptr, "test.cpp:31;util.h:7"};
  closure_registration RA(A), RB(B);
  EXPECT_EQ(&find_closure_site("/src/run.h", 53, 1, NoTile, 24,
                               "runall_result run(const F &) [F = (lambda at /src/test.cpp:30:12)]"),
            &A);
  EXPECT_EQ(&find_closure_site("/src/run.h", 53, 1, NoTile, 24,
                               "void run(const F &, const G &) [F = (lambda at ./test.cpp:31:5), G = (lambda at "
                               "/inc/util.h:7:40)]"),
            &B);
  // GCC's __PRETTY_FUNCTION__ names no places; neither does a caller without lambdas.
  EXPECT_NE(findError("/src/run.h", 53, 1, NoTile, 24).find("cannot tell them apart"), std::string::npos);
  try {
    find_closure_site("/src/run.h", 53, 1, NoTile, 24, "void run(const F&) [with F = main()::<lambda()>]");
    ADD_FAILURE() << "found a site";
  } catch (const concurrency::runtime_exception &E) {
    EXPECT_NE(std::string(E.what()).find("cannot tell them apart"), std::string::npos);
  }
}

TEST(ClosureSites, UnregisteredWhenTheRegistrationEnds) {
  closure_site A = {&Rank1, "/src/d.cpp", 7, 7, 8, nullptr, 0, nullptr, ""};
  {
    closure_registration R(A);
    EXPECT_EQ(&find_closure_site("/src/d.cpp", 7, 1, NoTile, 8), &A);
  }
  EXPECT_NE(findError("/src/d.cpp", 7, 1, NoTile, 8).find("no kernel was translated"), std::string::npos);
}
