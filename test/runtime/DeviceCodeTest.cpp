// Tests of the choice between embedded device code (ampcc --offload-arch) and the OpenCL C: which code a
// device takes, the registry, and the fallback to the OpenCL C on a device that takes none.
#include "DeviceCode.h"
#include "TestKernels.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

using namespace ampcc::rt;

namespace {

const unsigned char Text[] = "// not PTX";

device_code ptx(const char* arch) { return {"ptx", arch, Text, sizeof Text}; }

device_info nvidia(int capability) {
  device_info d;
  d.kind = device_kind::gpu;
  d.nvidia = true;
  d.compute_capability = capability;
  return d;
}

}  // namespace

TEST(DeviceCodeChoice, NonNvidiaDevicesTakeNoPtx) {
  device_code codes[] = {ptx("sm_50"), ptx("sm_90")};
  device_info cpu;
  cpu.kind = device_kind::cpu;
  EXPECT_EQ(chooseDeviceCode(codes, 2, cpu), -1);
  // An NVIDIA platform that does not say its compute capability: the PTX might not run there.
  EXPECT_EQ(chooseDeviceCode(codes, 2, nvidia(0)), -1);
}

TEST(DeviceCodeChoice, HighestPtxTheDeviceRuns) {
  device_code codes[] = {ptx("sm_70"), ptx("sm_90"), ptx("sm_80")};
  EXPECT_EQ(chooseDeviceCode(codes, 3, nvidia(90)), 1);  // H100
  EXPECT_EQ(chooseDeviceCode(codes, 3, nvidia(86)), 2);  // sm_80 PTX runs on 8.6
  EXPECT_EQ(chooseDeviceCode(codes, 3, nvidia(75)), 0);
  EXPECT_EQ(chooseDeviceCode(codes, 3, nvidia(61)), -1);  // older than every code
}

TEST(DeviceCodeChoice, ArchSpecificPtxOnlyOnItsOwnCapability) {
  device_code codes[] = {ptx("sm_80"), ptx("sm_90a")};
  EXPECT_EQ(chooseDeviceCode(codes, 2, nvidia(90)), 1);
  EXPECT_EQ(chooseDeviceCode(codes, 2, nvidia(100)), 0);
  device_code both[] = {ptx("sm_90"), ptx("sm_90a")};
  EXPECT_EQ(chooseDeviceCode(both, 2, nvidia(90)), 1);
}

TEST(DeviceCodeChoice, IgnoresWhatItCannotRead) {
  device_code codes[] = {{"spirv", "sm_90", Text, sizeof Text}, ptx("gfx90a"), ptx("sm_"), {"ptx", "sm_90", Text, 0},
                         {"ptx", nullptr, Text, sizeof Text}};
  EXPECT_EQ(chooseDeviceCode(codes, 5, nvidia(90)), -1);
  EXPECT_EQ(chooseDeviceCode(nullptr, 0, nvidia(90)), -1);
}

TEST(DeviceCodeRegistry, RegisteredForTheProgramTextWhileTheRegistrationLives) {
  static const char program[] = "__kernel void k() {}";
  device_code codes[] = {ptx("sm_80"), ptx("sm_90")};
  EXPECT_TRUE(registeredDeviceCode(program).empty());
  {
    device_code_registration reg(program, codes, 2);
    std::vector<device_code> found = registeredDeviceCode(program);
    ASSERT_EQ(found.size(), 2u);
    EXPECT_STREQ(found[1].arch, "sm_90");
    EXPECT_EQ(describeDeviceCode(found[0]), "PTX sm_80");
    // Another program with the same text is another program: codes follow the pointer the descriptor holds.
    static const char same_text[] = "__kernel void k() {}";
    EXPECT_TRUE(registeredDeviceCode(same_text).empty());
  }
  EXPECT_TRUE(registeredDeviceCode(program).empty());
}

// The CUDA back end runs only embedded PTX: a device runs the executable from embedded code when every program
// registered has code for it. ampcc registers a program built without device code with none.
TEST(DeviceCodeRegistry, EveryProgramMustEmbedCodeTheDeviceRuns) {
  static const char first[] = "__kernel void a() {}", second[] = "__kernel void b() {}";
  device_code sm75[] = {ptx("sm_75")}, sm90[] = {ptx("sm_90")};
  // Nothing registered (an executable whose only device work is ampcc::blas): nothing needs the OpenCL C.
  EXPECT_TRUE(everyRegisteredProgramRuns(nvidia(90)));
  device_code_registration a(first, sm75, 1);
  EXPECT_TRUE(everyRegisteredProgramRuns(nvidia(90)));
  EXPECT_FALSE(everyRegisteredProgramRuns(nvidia(70))) << "sm_75 PTX on a 7.0 device";
  {
    device_code_registration none(second, nullptr, 0);
    EXPECT_FALSE(everyRegisteredProgramRuns(nvidia(90))) << "the second program has no PTX";
    // The same text registered again with code (a header's kernels in another translation unit) runs.
    device_code_registration again(second, sm90, 1);
    EXPECT_TRUE(everyRegisteredProgramRuns(nvidia(90)));
    EXPECT_FALSE(everyRegisteredProgramRuns(nvidia(80)));
  }
  EXPECT_TRUE(everyRegisteredProgramRuns(nvidia(80)));
}

// On a device that takes none of the embedded codes, the program is built from its OpenCL C.
TEST(DeviceCodeLaunch, FallsBackToTheOpenCLSource) {
  static const char program[] = AMPCC_TEST_PRELUDE R"(
__kernel void add_two(ampcc_domain dom, __global int* p, ampcc_shape s) {
  int i = get_global_id(0);
  if (i >= dom.ext[0]) return;
  p[s.off + i * s.str[0]] += 2;
})";
  const device_info& info = devices().at(default_device());
  device_code codes[] = {ptx("sm_50")};
  if (chooseDeviceCode(codes, 1, info) >= 0)
    GTEST_SKIP() << "the default device runs PTX: this test is for the other devices";
  device_code_registration reg(program, codes, 1);
  kernel_desc desc{"add_two", program, "DeviceCodeTest.cpp", 1, {0, 0, 0}, 0, 0, 0};
  reset_stats();
  std::vector<int> v(100, 40);
  {
    storage st(v.data(), v.size() * sizeof(int));
    shape sh = ampcc_test::dense(100);
    kernel_arg arg = ampcc_test::buffer(st, access::read_write, sh);
    int n = 100;
    launch(desc, default_queue(default_device()), &n, &arg, 1);
  }
  EXPECT_EQ(v[99], 42);
  EXPECT_EQ(current_stats().programs_built, 1u);
  EXPECT_EQ(current_stats().programs_from_device_code, 0u);
}
