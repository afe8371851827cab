// Tests of the CUDA back end against a fake CUDA driver (FakeCuda.cpp, loaded through AMPCC_LIBCUDA): which devices
// it runs, copies there and back, how a launch passes its arguments and sizes, and errors named after the failed
// call; and, in fresh processes, AMPCC_BACKEND and a machine without libcuda (docs/backends.md).
#include "CudaPrograms.h"
#include "FakeCuda.h"
#include "RunProgram.h"
#include "RuntimeState.h"

#include "ampcc/exceptions.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <sstream>

using namespace ampcc::rt;

namespace {

// Before anything asks for the devices: the fake driver in place of libcuda, no disk cache.
const bool FakeDriverSet = [] {
  setenv("AMPCC_LIBCUDA", AMPCC_FAKE_CUDA, 1);
  setenv("AMPCC_CACHE", "0", 1);
  setenv("FAKE_CUDA_DEVICES", "2", 1);
  unsetenv("AMPCC_BACKEND");
  return true;
}();
const device_code_registration Registration(ampcc_test::kernels_source, ampcc_test::fake_codes, 1);

template <typename Fn> Fn fake(const char *Name) {
  void *Lib = dlopen(AMPCC_FAKE_CUDA, RTLD_NOW | RTLD_NOLOAD);
  return Lib ? reinterpret_cast<Fn>(dlsym(Lib, Name)) : nullptr;
}
const FakeLaunch &lastLaunch() { return fake<decltype(&fake_cuda_launches)>("fake_cuda_launches")()->back(); }
void failNext(const char *Call, int Result) {
  fake<decltype(&fake_cuda_fail_next)>("fake_cuda_fail_next")(Call, Result);
}

int fakeDevice(int Ordinal = 0) {
  for (const device_info &I : devices())
    if (I.path == L"cuda:" + std::to_wstring(Ordinal))
      return I.index;
  return -1;
}

template <typename T> T paramAs(const FakeLaunch &L, std::size_t I) {
  T V{};
  EXPECT_EQ(L.Params.at(I).size(), sizeof V);
  std::memcpy(&V, L.Params.at(I).data(), sizeof V);
  return V;
}

std::string run(const std::string &Env) { return ampcc_test::runProgram(Env + " " + AMPCC_CUDA_CLIENT).Output; }

} // namespace

TEST(CudaBackend, AGpuOnlyTheCudaDriverShowsIsADeviceOnTheCudaBackEnd) {
  int D = fakeDevice();
  ASSERT_GE(D, 0) << "the fake driver's device is not among the devices";
  const device_info &I = devices()[D];
  EXPECT_EQ(I.description, L"Fake CUDA GPU 0 (CUDA)");
  EXPECT_EQ(I.kind, device_kind::gpu);
  EXPECT_TRUE(I.nvidia);
  EXPECT_EQ(I.compute_capability, 90);
  EXPECT_EQ(I.max_work_group_size, 1024u);
  EXPECT_EQ(default_device(), D) << "the first GPU is the default device";
  EXPECT_STREQ(default_queue(D).impl().Ctx.Backend->name(), "CUDA");
}

TEST(CudaBackend, CopiesAndALaunchRoundTrip) {
  int Data[5] = {1, 2, 3, 4, 5};
  {
    storage S(Data, sizeof Data);
    shape Shape = ampcc_test::dense(5);
    kernel_arg Arg = ampcc_test::buffer(S, access::read_write, Shape);
    int Extent = 5;
    launch(ampcc_test::kernel("add_one", 1), default_queue(fakeDevice()), &Extent, &Arg, 1);
    S.synchronize();
  }
  EXPECT_EQ(Data[0], 2);
  EXPECT_EQ(Data[4], 6);
}

// Two GPUs, each with its own context and queue: the data moves from one to the other through the host.
TEST(CudaBackend, DataMovesBetweenTwoGpus) {
  ASSERT_GE(fakeDevice(1), 0);
  EXPECT_STREQ(default_queue(fakeDevice(1)).impl().Ctx.Backend->name(), "CUDA");
  EXPECT_NE(default_queue(fakeDevice(0)).impl().Ctx.Backend->native(), nullptr);
  int Data[3] = {10, 20, 30};
  {
    storage S(Data, sizeof Data);
    shape Shape = ampcc_test::dense(3);
    kernel_arg Arg = ampcc_test::buffer(S, access::read_write, Shape);
    int Extent = 3;
    launch(ampcc_test::kernel("add_one", 1), default_queue(fakeDevice(0)), &Extent, &Arg, 1);
    launch(ampcc_test::kernel("add_one", 1), default_queue(fakeDevice(1)), &Extent, &Arg, 1);
    S.synchronize();
  }
  EXPECT_EQ(Data[0], 12);
  EXPECT_EQ(Data[2], 32);
}

TEST(CudaBackend, ALaunchPassesEachArgumentAsThePtxDeclaresIt) {
  storage S(default_queue(fakeDevice()), 10 * sizeof(int));
  shape Shape = ampcc_test::dense(10);
  int Value = 7;
  kernel_arg Args[] = {ampcc_test::buffer(S, access::write, Shape),
                       {kernel_arg::value, nullptr, access::read, &Value, sizeof Value}};
  int Extent = 10;
  launch(ampcc_test::kernel("fill", 1), default_queue(fakeDevice()), &Extent, Args, 2);
  const FakeLaunch &L = lastLaunch();
  EXPECT_EQ(L.Kernel, "fill");
  ASSERT_EQ(L.Params.size(), 4u);
  auto Domain = paramAs<std::array<int, 3>>(L, 0);
  EXPECT_EQ(Domain, (std::array<int, 3>{10, 1, 1}));
  auto Pointer = paramAs<unsigned long long>(L, 1);
  EXPECT_TRUE(fake<decltype(&fake_cuda_is_allocated)>("fake_cuda_is_allocated")(Pointer))
      << "the buffer parameter is not a device pointer the driver gave out";
  auto Passed = paramAs<shape>(L, 2);
  EXPECT_EQ(Passed.ext[0], 10);
  EXPECT_EQ(Passed.str[0], 1);
  EXPECT_EQ(paramAs<int>(L, 3), 7);
  // A non-tiled launch: one block of 10 threads (the runtime's work-group, at most 256).
  EXPECT_EQ(L.Block[0], 10u);
  EXPECT_EQ(L.Grid[0], 1u);
}

TEST(CudaBackend, ATiledLaunchRunsItsTilesAsBlocks) {
  storage S(default_queue(fakeDevice()), 8 * 16 * sizeof(int));
  shape Shape = ampcc_test::dense(8, 16);
  kernel_arg Arg = ampcc_test::buffer(S, access::write, Shape);
  int Extent[2] = {8, 16};
  launch(ampcc_test::kernel("local_ids", 2, 4, 8), default_queue(fakeDevice()), Extent, &Arg, 1);
  const FakeLaunch &L = lastLaunch();
  // CUDA's x carries C++ AMP's last dimension.
  EXPECT_EQ(L.Block[0], 8u);
  EXPECT_EQ(L.Block[1], 4u);
  EXPECT_EQ(L.Grid[0], 2u);
  EXPECT_EQ(L.Grid[1], 2u);
  EXPECT_EQ(L.Block[2] * L.Grid[2], 1u);
}

TEST(CudaBackend, AnArgumentOfTheWrongSizeIsRefused) {
  storage S(default_queue(fakeDevice()), 4 * sizeof(int));
  shape Shape = ampcc_test::dense(4);
  long long Value = 7; // the kernel takes an int
  kernel_arg Args[] = {ampcc_test::buffer(S, access::write, Shape),
                       {kernel_arg::value, nullptr, access::read, &Value, sizeof Value}};
  int Extent = 4;
  try {
    launch(ampcc_test::kernel("fill", 1), default_queue(fakeDevice()), &Extent, Args, 2);
    FAIL() << "launched";
  } catch (const concurrency::runtime_exception &E) {
    EXPECT_NE(std::string(E.what()).find("parameter 3 takes 4 bytes in the PTX, the launch passes 8"),
              std::string::npos)
        << E.what();
  }
}

TEST(CudaBackend, AFailedAllocationIsOutOfMemoryNamingTheDriversError) {
  storage S(default_queue(fakeDevice()), 64);
  failNext("cuMemAlloc_v2", 2);
  try {
    S.allocate_on(default_queue(fakeDevice()));
    FAIL() << "allocated";
  } catch (const concurrency::out_of_memory &E) {
    EXPECT_NE(std::string(E.what()).find("allocating 64 bytes on the accelerator failed: CUDA_ERROR_OUT_OF_MEMORY (2)"),
              std::string::npos)
        << E.what();
  }
}

TEST(CudaBackend, AFailedLaunchNamesTheCallAndTheKernel) {
  int Data[2] = {0, 0};
  storage S(Data, sizeof Data);
  shape Shape = ampcc_test::dense(2);
  kernel_arg Arg = ampcc_test::buffer(S, access::read_write, Shape);
  int Extent = 2;
  failNext("cuLaunchKernel", 719);
  try {
    launch(ampcc_test::kernel("add_one", 1), default_queue(fakeDevice()), &Extent, &Arg, 1);
    FAIL() << "launched";
  } catch (const concurrency::runtime_exception &E) {
    EXPECT_NE(std::string(E.what()).find("cuLaunchKernel for kernel add_one over (2) failed: CUDA_ERROR_LAUNCH_FAILED"),
              std::string::npos)
        << E.what();
    EXPECT_EQ(E.get_error_code(), 719);
  }
}

TEST(CudaBackend, AProgramWithoutPtxIsRefusedSayingHowToBuildIt) {
  static const char Program[] = AMPCC_TEST_PRELUDE "__kernel void k(ampcc_domain d) {}\n";
  kernel_desc Desc{"k", Program, "noptx.cpp", 1, {0, 0, 0}, 0, 0, 0};
  int Extent = 1;
  try {
    launch(Desc, default_queue(fakeDevice()), &Extent, nullptr, 0);
    FAIL() << "launched";
  } catch (const concurrency::runtime_exception &E) {
    std::string M = E.what();
    EXPECT_NE(M.find("the kernels of noptx.cpp have no PTX"), std::string::npos) << M;
    EXPECT_NE(M.find("--offload-arch=sm_90"), std::string::npos) << M;
  }
}

TEST(CudaBackend, TheTraceHasTheCudaQueuesCommands) {
  std::string Trace = testing::TempDir() + "cuda-trace.json";
  std::string Out = run("AMPCC_TRACE=" + Trace);
  EXPECT_NE(Out.find("result: 2 3 4 5"), std::string::npos) << Out;
  std::ifstream F(Trace);
  std::stringstream S;
  S << F.rdbuf();
  EXPECT_NE(S.str().find("\"cat\":\"launch\",\"name\":\"add_one\""), std::string::npos) << S.str();
  EXPECT_NE(S.str().find("\"name\":\"copy to host\""), std::string::npos) << S.str();
}

TEST(CudaBackend, TheProfileSaysWhichBackEndRuns) {
  std::string Out = run("AMPCC_PROFILE=1");
  EXPECT_NE(Out.find("ampcc profile: Fake CUDA GPU 0 (CUDA) runs on the CUDA back end (only the CUDA driver shows it)"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("from embedded device code"), std::string::npos) << Out;
}

TEST(CudaBackend, AmpccBackendOpenclKeepsTheCudaDriverUnloaded) {
  std::string Out = run("AMPCC_BACKEND=opencl AMPCC_PROFILE=1");
  EXPECT_EQ(Out.find("Fake CUDA GPU"), std::string::npos) << Out;
  EXPECT_NE(Out.find("back end: OpenCL"), std::string::npos) << Out;
  EXPECT_NE(Out.find("result: 2 3 4 5"), std::string::npos) << Out;
}

TEST(CudaBackend, WithoutLibcudaEveryDeviceIsOnOpenCL) {
  std::string Out = run("AMPCC_LIBCUDA=/nonexistent/libcuda.so.1");
  EXPECT_NE(Out.find("back end: OpenCL"), std::string::npos) << Out;
  EXPECT_NE(Out.find("result: 2 3 4 5"), std::string::npos) << Out;
}

TEST(CudaBackend, AmpccBackendCudaWithoutLibcudaIsAnError) {
  std::string Out = run("AMPCC_BACKEND=cuda AMPCC_LIBCUDA=/nonexistent/libcuda.so.1");
  EXPECT_NE(Out.find("error: ampcc: AMPCC_BACKEND=cuda, but the CUDA driver cannot be used: cannot open "
                     "/nonexistent/libcuda.so.1"),
            std::string::npos)
      << Out;
}
