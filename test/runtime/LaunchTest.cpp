// Tests of launch(): argument binding, work sizes, tiling checks, build errors and the program cache.
#include "TestKernels.h"

#include "ampcc/exceptions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace ampcc::rt;
using namespace ampcc_test;

namespace {

queue default_q() { return default_queue(default_device()); }

std::string launch_error(const kernel_desc& desc, int e0, int e1) {
  std::vector<int> v(e0 * e1);
  storage st(v.data(), v.size() * sizeof(int));
  shape sh = dense(e0, e1);
  kernel_arg arg = buffer(st, access::write, sh);
  int extent[2] = {e0, e1};
  try {
    launch(desc, default_q(), extent, &arg, 1);
  } catch (const concurrency::invalid_compute_domain& e) {
    return std::string("invalid_compute_domain: ") + e.what();
  } catch (const concurrency::runtime_exception& e) {
    return std::string("runtime_exception: ") + e.what();
  }
  return "no exception";
}

}  // namespace

TEST(Launch, Rank1AddOneWithPadding) {
  for (int count : {1, 3, 255, 257, 1000, 100003}) {
    std::vector<int> v(count, 41);
    {
      storage st(v.data(), v.size() * sizeof(int));
      shape sh = dense(count);
      kernel_arg arg = buffer(st, access::read_write, sh);
      launch(kernel("add_one", 1), default_q(), &count, &arg, 1);
    }
    for (int i = 0; i < count; ++i)
      ASSERT_EQ(v[i], 42) << "count " << count << " element " << i;
  }
}

TEST(Launch, EmptyExtentLaunchesNothing) {
  reset_stats();
  std::vector<int> v(4, 0);
  storage st(v.data(), v.size() * sizeof(int));
  shape sh = dense(4);
  kernel_arg arg = buffer(st, access::read_write, sh);
  int zero = 0;
  launch(kernel("add_one", 1), default_q(), &zero, &arg, 1);
  EXPECT_EQ(current_stats().kernels_launched, 0u);
  EXPECT_EQ(current_stats().bytes_to_device, 0u);
}

TEST(Launch, Rank2MapsDimensionZeroToTheSlowestAxis) {
  const int e0 = 37, e1 = 53;
  std::vector<int> v(e0 * e1, -1);
  {
    storage st(v.data(), v.size() * sizeof(int));
    shape sh = dense(e0, e1);
    kernel_arg arg = buffer(st, access::write, sh);
    int extent[2] = {e0, e1};
    launch(kernel("index2", 2), default_q(), extent, &arg, 1);
  }
  for (int i0 = 0; i0 < e0; ++i0)
    for (int i1 = 0; i1 < e1; ++i1)
      ASSERT_EQ(v[i0 * e1 + i1], i0 * 1000 + i1);
}

TEST(Launch, TiledUsesTheTileAsLocalSize) {
  const int e0 = 4, e1 = 6;
  std::vector<int> v(e0 * e1, -1);
  {
    storage st(v.data(), v.size() * sizeof(int));
    shape sh = dense(e0, e1);
    kernel_arg arg = buffer(st, access::write, sh);
    int extent[2] = {e0, e1};
    launch(kernel("local_ids", 2, 2, 3), default_q(), extent, &arg, 1);
  }
  for (int i0 = 0; i0 < e0; ++i0)
    for (int i1 = 0; i1 < e1; ++i1)
      ASSERT_EQ(v[i0 * e1 + i1], (i0 % 2) * 100 + i1 % 3) << i0 << "," << i1;
}

TEST(Launch, TiledExtentMustBeDivisible) {
  std::string msg = launch_error(kernel("local_ids", 2, 3, 2), 4, 6);
  EXPECT_EQ(msg.rfind("invalid_compute_domain: ", 0), 0u) << msg;
  EXPECT_NE(msg.find("extent (4, 6) is not divisible by the tile (3, 2)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("local_ids"), std::string::npos) << msg;
}

TEST(Launch, TileLargerThanTheDeviceAllows) {
  std::string msg = launch_error(kernel("local_ids", 2, 64, 64), 64, 64);
  EXPECT_EQ(msg.rfind("invalid_compute_domain: ", 0), 0u) << msg;
}

TEST(Launch, TooMuchTileStaticMemory) {
  kernel_desc desc = kernel("local_ids", 2, 2, 2);
  desc.local_bytes = devices()[default_device()].local_memory_bytes + 1;
  std::string msg = launch_error(desc, 4, 4);
  EXPECT_EQ(msg.rfind("runtime_exception: ", 0), 0u) << msg;
  EXPECT_NE(msg.find("tile_static"), std::string::npos) << msg;
}

TEST(Launch, BuildFailureCarriesTheBuildLog) {
  static const char* const broken = AMPCC_TEST_PRELUDE
      "#line 42 \"user_program.cpp\"\n"
      "__kernel void broken(ampcc_domain dom, __global int* p, ampcc_shape s) {\n"
      "  p[0] = undeclared_identifier_xyz;\n"
      "}\n";
  kernel_desc desc{"broken", broken, "user_program.cpp", 1, {0, 0, 0}, 0, 0, 0};
  std::vector<int> v(1);
  storage st(v.data(), sizeof(int));
  shape sh = dense(1);
  kernel_arg arg = buffer(st, access::write, sh);
  int extent = 1;
  try {
    launch(desc, default_q(), &extent, &arg, 1);
    FAIL() << "expected runtime_exception";
  } catch (const concurrency::runtime_exception& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("the OpenCL C generated from user_program.cpp failed to build on"),
              std::string::npos)
        << msg;
    EXPECT_NE(msg.find("undeclared"), std::string::npos) << msg;
    EXPECT_NE(msg.find("undeclared_identifier_xyz"), std::string::npos) << msg;
    EXPECT_NE(msg.find("user_program.cpp:43"), std::string::npos) << msg;
  }
}

TEST(Launch, UnknownKernelName) {
  std::string msg = launch_error(kernel("no_such_kernel", 2), 2, 2);
  EXPECT_EQ(msg.rfind("runtime_exception: ", 0), 0u) << msg;
  EXPECT_NE(msg.find("no_such_kernel"), std::string::npos) << msg;
}

TEST(Launch, ProgramsAreBuiltOncePerContext) {
  static const char* const source = AMPCC_TEST_PRELUDE
      "__kernel void twice(ampcc_domain dom, __global int* p, ampcc_shape s, int v) {\n"
      "  if (get_global_id(0) < dom.ext[0]) p[get_global_id(0)] += v;\n"
      "}\n";
  kernel_desc desc{"twice", source, "twice.cpp", 1, {0, 0, 0}, 0, 0, 0};
  reset_stats();
  std::vector<int> v(10, 0);
  {
    storage st(v.data(), v.size() * sizeof(int));
    shape sh = dense(10);
    int add = 5;
    kernel_arg args[] = {buffer(st, access::read_write, sh),
                         {kernel_arg::value, nullptr, access::read, &add, sizeof(add)}};
    int extent = 10;
    launch(desc, default_q(), &extent, args, 2);
    launch(desc, queue(default_device()), &extent, args, 2);
  }
  EXPECT_EQ(current_stats().programs_built, 1u);
  EXPECT_EQ(current_stats().kernels_launched, 2u);
  EXPECT_EQ(v[9], 10);
}

TEST(Launch, WrongArgumentSizeIsARuntimeException) {
  kernel_desc desc = kernel("fill", 1);
  std::vector<int> v(4);
  storage st(v.data(), v.size() * sizeof(int));
  shape sh = dense(4);
  double wrong = 1;
  kernel_arg args[] = {buffer(st, access::write, sh),
                       {kernel_arg::value, nullptr, access::read, &wrong, sizeof(wrong)}};
  int extent = 4;
  try {
    launch(desc, default_q(), &extent, args, 2);
    FAIL() << "expected runtime_exception";
  } catch (const concurrency::runtime_exception& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("fill"), std::string::npos) << msg;
  }
}

namespace {

// A one-kernel program that stores `value` everywhere; programs for different values have the same length.
std::string put_source(int value) {
  char digits[16];
  std::snprintf(digits, sizeof digits, "%8d", value);
  return std::string(AMPCC_TEST_PRELUDE) +
         "__kernel void put(ampcc_domain dom, __global int* p, ampcc_shape s) {\n"
         "  if (get_global_id(0) < dom.ext[0]) p[s.off + get_global_id(0)] = " +
         digits + ";\n}\n";
}

int run_put(const kernel_desc& desc) {
  int v = -1;
  storage st(&v, sizeof v);
  shape sh = dense(1);
  kernel_arg arg = buffer(st, access::write, sh);
  int extent = 1;
  launch(desc, default_q(), &extent, &arg, 1);
  st.synchronize();
  return v;
}

}  // namespace

// A descriptor reassigned in place (or a new one in a reused stack slot) runs its own kernel.
TEST(Launch, DescriptorAtAReusedAddressRunsItsOwnKernel) {
  std::vector<int> v(8, 0);
  storage st(v.data(), v.size() * sizeof(int));
  shape sh = dense(8);
  int extent = 8, value = 7;
  kernel_arg args[] = {buffer(st, access::read_write, sh),
                       {kernel_arg::value, nullptr, access::read, &value, sizeof(value)}};
  kernel_desc desc = kernel("add_one", 1);
  launch(desc, default_q(), &extent, args, 1);
  desc = kernel("fill", 1);
  launch(desc, default_q(), &extent, args, 2);
  st.synchronize();
  EXPECT_EQ(v[0], 7);
  desc = kernel("add_one", 1);
  launch(desc, default_q(), &extent, args, 1);
  st.synchronize();
  EXPECT_EQ(v[7], 8);
}

// Source text rewritten in place, as a freed and reallocated string at the same address would be: the
// descriptor, the source pointer and the kernel name are all the same, only the text differs.
TEST(Launch, NewSourceTextAtTheSameAddressIsBuiltAnew) {
  std::string text = put_source(11);
  kernel_desc desc{"put", text.c_str(), "put.cpp", 1, {0, 0, 0}, 0, 0, 0};
  EXPECT_EQ(run_put(desc), 11);
  std::string next = put_source(22);
  ASSERT_EQ(next.size(), text.size());
  std::copy(next.begin(), next.end(), text.begin());
  EXPECT_EQ(run_put(desc), 22);
}

TEST(Launch, OneProgramPerSourceTextWhateverItsAddress) {
  std::string a = put_source(33), b = put_source(33);
  ASSERT_NE(a.c_str(), b.c_str());
  reset_stats();
  EXPECT_EQ(run_put({"put", a.c_str(), "put.cpp", 1, {0, 0, 0}, 0, 0, 0}), 33);
  EXPECT_EQ(run_put({"put", b.c_str(), "put.cpp", 1, {0, 0, 0}, 0, 0, 0}), 33);
  EXPECT_EQ(current_stats().programs_built, 1u);
}
