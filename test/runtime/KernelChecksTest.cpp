// Tests of the bounds guards in the runtime: the check buffer a checked kernel gets, the exception after a launch
// that recorded a violation, the messages for each kind of check, and the buffer a quiet table's kernels share.
#include "KernelChecks.h"
#include "TestKernels.h"

#include "ampcc/exceptions.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace ampcc::rt;
using namespace ampcc_test;

namespace {

// Work-item `bad` records an access at index 9 of check site 1, as the translator's ampcc_chk_fail does;
// every work-item writes its element and one more through the scratch element.
const char *const checked_source = AMPCC_TEST_PRELUDE R"(
__kernel void checked_store(ampcc_domain dom, __global int* p, ampcc_shape s, int bad, __global uint* chk) {
  int i = get_global_id(0);
  if (i >= dom.ext[0]) return;
  p[s.off + i] = i;
  if (i != bad) return;
  *(__global int*)(chk + 32) = -1;
  atomic_inc(&chk[16]);
  if (atomic_cmpxchg(&chk[0], 0u, 1u) != 0u) return;
  chk[1] = 1; chk[2] = 1; chk[3] = 1; chk[4] = 9; chk[7] = (uint)s.ext[0];
  chk[13] = get_global_id(0); chk[14] = get_global_id(1); chk[15] = get_global_id(2);
}
)";

const check_site sites[] = {
    {"kernels.cpp", 10, 3, check_kind::access, "a"},
    {"kernels.cpp", 12, 7, check_kind::access, "v"},
};
const check_table table = {sites, 2, sizeof(int), false};

std::string run_checked(int bad, std::vector<int> &v, long *code = nullptr) {
  storage st(v.data(), v.size() * sizeof(int));
  shape sh = dense(static_cast<int>(v.size()));
  kernel_desc desc = {"checked_store", checked_source, "kernels.cpp", 1, {0, 0, 0}, 0, 0, 0};
  kernel_arg args[] = {buffer(st, access::read_write, sh),
                       {kernel_arg::value, nullptr, access::read, &bad, sizeof bad},
                       {kernel_arg::checks, nullptr, access::read_write, &table, sizeof table}};
  int extent = static_cast<int>(v.size());
  try {
    launch(desc, default_queue(default_device()), &extent, args, 3);
  } catch (const concurrency::runtime_exception &e) {
    if (code)
      *code = e.get_error_code();
    return e.what();
  }
  return "no exception";
}

// A kernel of a quiet table (-fampcc-directcompute-bounds alone): every work-item writes the scratch element and
// reads the zero element (at the next 128 bytes after it) into its element; it also sets the header's flag, which
// a quiet launch never reads.
const char *const quiet_source = AMPCC_TEST_PRELUDE R"(
__kernel void quiet_store(ampcc_domain dom, __global int* p, ampcc_shape s, __global uint* chk) {
  int i = get_global_id(0);
  if (i >= dom.ext[0]) return;
  *(__global int*)(chk + 32) = -1;
  p[s.off + i] = *(__global int*)(chk + 64);
  chk[0] = 1;
}
)";

const check_table quiet_table = {nullptr, 0, sizeof(int), true};

std::string run_quiet(std::vector<int> &v) {
  storage st(v.data(), v.size() * sizeof(int));
  shape sh = dense(static_cast<int>(v.size()));
  kernel_desc desc = {"quiet_store", quiet_source, "kernels.cpp", 1, {0, 0, 0}, 0, 0, 0};
  kernel_arg args[] = {buffer(st, access::read_write, sh),
                       {kernel_arg::checks, nullptr, access::read_write, &quiet_table, sizeof quiet_table}};
  int extent = static_cast<int>(v.size());
  try {
    launch(desc, default_queue(default_device()), &extent, args, 2);
  } catch (const concurrency::runtime_exception &e) {
    return e.what();
  }
  return "no exception";
}

} // namespace

TEST(KernelChecks, QuietLaunchesReportNothingAndKeepTheZeroElement) {
  std::vector<int> v(64, 7);
  EXPECT_EQ(run_quiet(v), "no exception");
  EXPECT_EQ(v, std::vector<int>(64, 0));
  // The second launch gets the same buffer: its scratch element was written, its zero element was not.
  v.assign(64, 7);
  EXPECT_EQ(run_quiet(v), "no exception");
  EXPECT_EQ(v, std::vector<int>(64, 0));
}

TEST(KernelChecks, CleanLaunchRaisesNothing) {
  std::vector<int> v(4, 7);
  EXPECT_EQ(run_checked(-1, v), "no exception");
  EXPECT_EQ(v, (std::vector<int>{0, 1, 2, 3}));
}

TEST(KernelChecks, ViolationIsReportedAfterTheLaunch) {
  std::vector<int> v(4, 7);
  long code = 0;
  EXPECT_EQ(run_checked(3, v, &code), "ampcc: out-of-bounds access in a kernel (checked mode): kernels.cpp:12:7: index "
                                      "(9) of v is outside its extent (4) (thread (3); 1 out-of-bounds access in this "
                                      "launch)");
  EXPECT_EQ(code, 0x8000000BL);
  // The kernel ran to the end and its writes reached the data; the check buffer is fresh for each launch.
  EXPECT_EQ(v, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(run_checked(-1, v), "no exception");
}

TEST(KernelChecks, Messages) {
  std::uint32_t w[CheckHeaderWords] = {};
  w[CheckFlag] = 1;
  w[CheckSite] = 0;
  w[CheckRank] = 2;
  w[CheckCount] = 1;
  w[CheckIndex] = static_cast<std::uint32_t>(-2);
  w[CheckExtent] = 3;
  w[CheckExtent + 1] = 4;
  w[CheckGlobalId] = 5; // OpenCL dimension 0 is C++ AMP's last
  w[CheckGlobalId + 1] = 1;
  w[CheckViolations] = 2;
  const check_site projection[] = {{"p.cpp", 4, 9, check_kind::projection, "b"}};
  EXPECT_EQ(checkViolationMessage(w, {projection, 1, 4, false}, 2),
            "p.cpp:4:9: projection b[-2] is outside its extent (3, 4) (thread (1, 5); 2 out-of-bounds accesses in "
            "this launch)");
  w[CheckCount] = 2;
  w[CheckIndex] = 1;
  w[CheckIndex + 1] = 1;
  w[CheckSection] = 3;
  w[CheckSection + 1] = 3;
  const check_site section[] = {{"s.cpp", 7, 2, check_kind::section, "m"}};
  EXPECT_EQ(checkViolationMessage(w, {section, 1, 4, false}, 2),
            "s.cpp:7:2: section of m at origin (1, 1) with extent (3, 3) does not fit its extent (3, 4) (thread "
            "(1, 5); 2 out-of-bounds accesses in this launch)");
  // A site number the table does not have still gives the numbers.
  w[CheckSite] = 7;
  EXPECT_EQ(checkViolationMessage(w, {section, 1, 4, false}, 2),
            "check 7: index (1, 1) of the view is outside its extent (3, 4) (thread (1, 5); 2 out-of-bounds "
            "accesses in this launch)");
}
