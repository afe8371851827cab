// Where the CUDA back end's copies lose against cudaMemcpy (docs/benchmarks.md, "Copies on the CUDA back end"):
// the same bytes between pageable host memory and the device, through the CUDA runtime's cudaMemcpy and through
// the driver calls the back end can make (synchronous, or asynchronous on the legacy stream or on a non-blocking
// stream, then a wait), turn by turn in one process; medians.
//   nvcc -O3 -std=c++17 copy_paths.cu -o copy_paths -lcuda && ./copy_paths [FLOATS] [REPS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <cuda_runtime.h>
#include <functional>
#include <string>
#include <vector>

#include "ck.cuh"

static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main(int argc, char **argv) {
  size_t N = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : (size_t(1) << 25);
  int Reps = argc > 2 ? std::atoi(argv[2]) : 9;
  size_t Bytes = N * sizeof(float);
  CK(cudaSetDevice(0));
  CK(cudaFree(0));
  CUstream NonBlocking;
  CK(cuStreamCreate(&NonBlocking, CU_STREAM_NON_BLOCKING));
  std::vector<float> Host(N, 1.0f), Back(N);
  CUdeviceptr D;
  CK(cuMemAlloc(&D, Bytes));
  struct Path {
    std::string Name;
    std::function<void()> Run;
    std::vector<double> T;
  };
  std::vector<Path> Paths = {
      {"in  cudaMemcpy", [&] { CK(cudaMemcpy((void *)D, Host.data(), Bytes, cudaMemcpyHostToDevice)); }},
      {"in  cuMemcpyHtoD", [&] { CK(cuMemcpyHtoD(D, Host.data(), Bytes)); }},
      {"in  cuMemcpyHtoDAsync, legacy stream",
       [&] {
         CK(cuMemcpyHtoDAsync(D, Host.data(), Bytes, 0));
         CK(cuStreamSynchronize(0));
       }},
      {"in  cuMemcpyHtoDAsync, non-blocking stream",
       [&] {
         CK(cuMemcpyHtoDAsync(D, Host.data(), Bytes, NonBlocking));
         CK(cuStreamSynchronize(NonBlocking));
       }},
      {"in  cuMemAlloc + cuMemcpyHtoDAsync non-blocking + free",
       [&] {
         CUdeviceptr E;
         CK(cuMemAlloc(&E, Bytes));
         CK(cuMemcpyHtoDAsync(E, Host.data(), Bytes, NonBlocking));
         CK(cuStreamSynchronize(NonBlocking));
         CK(cuMemFree(E));
       }},
      {"in  cudaMalloc + cudaMemcpy + free",
       [&] {
         void *E;
         CK(cudaMalloc(&E, Bytes));
         CK(cudaMemcpy(E, Host.data(), Bytes, cudaMemcpyHostToDevice));
         CK(cudaFree(E));
       }},
      {"out cudaMemcpy", [&] { CK(cudaMemcpy(Back.data(), (void *)D, Bytes, cudaMemcpyDeviceToHost)); }},
      {"out cuMemcpyDtoH", [&] { CK(cuMemcpyDtoH(Back.data(), D, Bytes)); }},
      {"out cuMemcpyDtoHAsync, legacy stream",
       [&] {
         CK(cuMemcpyDtoHAsync(Back.data(), D, Bytes, 0));
         CK(cuStreamSynchronize(0));
       }},
      {"out cuMemcpyDtoHAsync, non-blocking stream",
       [&] {
         CK(cuMemcpyDtoHAsync(Back.data(), D, Bytes, NonBlocking));
         CK(cuStreamSynchronize(NonBlocking));
       }},
  };
  for (Path &P : Paths)
    P.Run(); // warm
  for (int R = 0; R < Reps; ++R)
    for (Path &P : Paths) {
      double S = now();
      P.Run();
      P.T.push_back(now() - S);
    }
  std::printf("%zu floats (%.0f MiB), pageable, median of %d\n", N, Bytes / 1048576.0, Reps);
  double Base[2] = {0, 0};
  for (Path &P : Paths) {
    std::sort(P.T.begin(), P.T.end());
    double M = P.T[P.T.size() / 2];
    int Dir = P.Name[0] == 'o';
    if (Base[Dir] == 0)
      Base[Dir] = M;
    std::printf("%-56s %8.3f ms %7.1f GB/s  %.2f of cudaMemcpy's time\n", P.Name.c_str(), M * 1e3, Bytes / M / 1e9,
                M / Base[Dir]);
  }
  return 0;
}
