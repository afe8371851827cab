// What the fake CUDA driver (FakeCuda.cpp) records, for the tests that load it through AMPCC_LIBCUDA.
#ifndef AMPCC_TEST_RUNTIME_FAKE_CUDA_H
#define AMPCC_TEST_RUNTIME_FAKE_CUDA_H

#include <string>
#include <vector>

struct FakeLaunch {
  std::string Kernel;
  unsigned Grid[3], Block[3];
  std::vector<std::vector<unsigned char>> Params; // each parameter's bytes, as many as the PTX declares
};

extern "C" {
// The launches so far, in order.
const std::vector<FakeLaunch> *fake_cuda_launches();
// The next call of the entry point Call returns Result instead of doing its work.
void fake_cuda_fail_next(const char *Call, int Result);
// Whether Address lies in memory that cuMemAlloc_v2 gave out and cuMemFree_v2 has not taken back.
bool fake_cuda_is_allocated(unsigned long long Address);
// How many times the entry point Call was made.
int fake_cuda_calls(const char *Call);
}

#endif
