// The tiled matmul's isolation harness (docs/benchmarks.md, "The tiled matmul's 0.80"): nvcc's kernel launched by the
// CUDA runtime, and PTX or cubin modules loaded with cuModuleLoadDataEx (whole-program compilation, unlike the
// CUDA back end's cuLink), with CUDA-style (c, a, b, n) or ampcc-style (domain, a, a_sh, b, b_sh, c, c_sh)
// parameters, timed in one process on the same buffers and checked against nvcc's result. STAGES (comma-separated)
// interleaves measurements (m) with changes: OpenCL's platforms (plat), devices (dev), a context on the GPU (ctx),
// the context's cache configuration (cfg prints it; ctxnone, ctxshared, ctxl1 set it), a kernel's shared-memory
// carveout (carve100, carve25, carvem1) or cache configuration (funcshared).
//   nvcc -O3 -arch=sm_90 -std=c++17 module_timing.cu -o module_timing -lcuda -lOpenCL
//   STAGES=m ./module_timing 4096 file.ptx:cuda:KERNEL file.cubin:ampcc:KERNEL ...
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include "matmul_tiled.cuh"
#include "ck.cuh"
struct Shape {
  int off, ext[3], str[3];
};
struct Variant {
  std::string name, style;
  CUfunction f = nullptr;
  bool builtin = false;
  bool nb = false;
};
int main(int argc, char **argv) {
  int N = std::atoi(argv[1]);
  size_t NN = size_t(N) * N;
  CK(cudaSetDevice(0));
  CK(cudaFree(0));
  std::vector<float> HA(NN), HB(NN);
  unsigned X = 3 * 2654435761u + 1;
  for (auto &E : HA) {
    X = X * 1664525u + 1013904223u;
    E = float(int((X >> 16) % 9) - 4);
  }
  X = 4 * 2654435761u + 1;
  for (auto &E : HB) {
    X = X * 1664525u + 1013904223u;
    E = float(int((X >> 16) % 9) - 4);
  }
  float *A, *B, *C;
  CK(cudaMalloc(&A, NN * 4));
  CK(cudaMalloc(&B, NN * 4));
  CK(cudaMalloc(&C, NN * 4));
  CK(cudaMemcpy(A, HA.data(), NN * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(B, HB.data(), NN * 4, cudaMemcpyHostToDevice));
  std::vector<Variant> V;
  V.push_back({"nvcc-builtin", "cuda", nullptr, true});
  for (int i = 2; i < argc; ++i) {
    std::string s = argv[i];
    size_t p1 = s.find(':'), p2 = s.find(':', p1 + 1);
    std::string file = s.substr(0, p1), style = s.substr(p1 + 1, p2 - p1 - 1), kern = s.substr(p2 + 1);
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string data = ss.str();
    data.push_back('\0');
    CUmodule m;
    char log[8192] = {0};
    CUjit_option o[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *ov[] = {log, (void *)(size_t)sizeof log};
    CUresult r = cuModuleLoadDataEx(&m, data.data(), 2, o, ov);
    if (r) {
      std::printf("%-28s load failed %d %s\n", file.c_str(), (int)r, log);
      continue;
    }
    CUfunction f;
    if (cuModuleGetFunction(&f, m, kern.c_str())) {
      std::printf("%s: no %s\n", file.c_str(), kern.c_str());
      continue;
    }
    V.push_back({file, style, f});
  }
  // ampcc's queue is a non-blocking stream: the same modules on one too.
  size_t n0 = std::getenv("NBSTREAM") ? V.size() : 0;
  for (size_t i = 0; i < n0; ++i) {
    Variant w = V[i];
    w.name += "@nbstream";
    w.nb = true;
    V.push_back(w);
  }
  cudaStream_t NB;
  CK(cudaStreamCreateWithFlags(&NB, cudaStreamNonBlocking));
  Shape sh{0, {N, N, 1}, {N, 1, 1}};
  int dom[3] = {N, N, 1};
  CUdeviceptr a = (CUdeviceptr)A, b = (CUdeviceptr)B, c = (CUdeviceptr)C;
  auto launch = [&](Variant &v) {
    cudaStream_t s = v.nb ? NB : 0;
    if (v.builtin) {
      matmulTiled<<<dim3(N / TS, N / TS), dim3(TS, TS), 0, s>>>(C, A, B, N);
      return;
    }
    void *cu[] = {&c, &a, &b, &N};
    void *am[] = {dom, &a, &sh, &b, &sh, &c, &sh};
    CK(cuLaunchKernel(v.f, N / TS, N / TS, 1, TS, TS, 1, 0, (CUstream)s, v.style == "cuda" ? cu : am, nullptr));
  };
  std::vector<float> Ref(NN), Got(NN);
  for (auto &v : V) {
    int regs = 0, occ = 0, carve = -2;
    if (v.builtin) {
      cudaFuncAttributes fa;
      cudaFuncGetAttributes(&fa, matmulTiled);
      regs = fa.numRegs;
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, matmulTiled, 256, 0);
      cudaFuncGetAttributes(&fa, matmulTiled);
      carve = fa.preferredShmemCarveout;
    } else {
      cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, v.f);
      cuOccupancyMaxActiveBlocksPerMultiprocessor(&occ, v.f, 256, 0);
      cuFuncGetAttribute(&carve, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, v.f);
    }
    CK(cudaMemset(C, 0, NN * 4));
    launch(v);
    CK(cudaDeviceSynchronize());
    CK(cudaGetLastError());
    CK(cudaMemcpy(v.builtin && !v.nb ? Ref.data() : Got.data(), C, NN * 4, cudaMemcpyDeviceToHost));
    bool ok = v.builtin && !v.nb ? true : std::memcmp(Ref.data(), Got.data(), NN * 4) == 0;
    std::printf("%-40s regs %d blocks/SM %d carveout %d result %s\n", v.name.c_str(), regs, occ, carve,
                ok ? "same" : "DIFFERENT");
  }
  if (std::getenv("PROFILE_ONCE")) {
    for (auto &v : V)
      launch(v);
    CK(cudaDeviceSynchronize());
    return 0;
  }
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  int reps = N >= 4096 ? 10 : 50;
  auto measure = [&](const std::string &tag) {
    std::vector<std::vector<double>> T(V.size());
    for (int round = 0; round < 3; ++round)
      for (size_t i = 0; i < V.size(); ++i) {
        cudaStream_t s = V[i].nb ? NB : 0;
        launch(V[i]);
        launch(V[i]);
        cudaEventRecord(e0, s);
        for (int r = 0; r < reps; ++r)
          launch(V[i]);
        cudaEventRecord(e1, s);
        CK(cudaEventSynchronize(e1));
        float ms;
        cudaEventElapsedTime(&ms, e0, e1);
        T[i].push_back(2.0 * N * N * (double)N * reps / (ms / 1e3) / 1e9);
      }
    for (size_t i = 0; i < V.size(); ++i) {
      std::sort(T[i].begin(), T[i].end());
      std::printf("N=%d [%s] %-40s GFLOP/s median %.0f\n", N, tag.c_str(), V[i].name.c_str(), T[i][1]);
    }
  };
  std::vector<cl_platform_id> P;
  std::vector<cl_device_id> D;
  cl_context Ctx = nullptr;
  std::string stages = std::getenv("STAGES") ? std::getenv("STAGES") : "m", tag = "start";
  size_t at = 0;
  while (at <= stages.size()) {
    size_t e = stages.find(',', at);
    if (e == std::string::npos)
      e = stages.size();
    std::string a = stages.substr(at, e - at);
    at = e + 1;
    CUcontext cur;
    cuCtxGetCurrent(&cur);
    if (a == "m") {
      measure(tag);
      continue;
    }
    tag += "+" + a;
    if (a == "plat") {
      cl_uint n;
      clGetPlatformIDs(0, nullptr, &n);
      P.resize(n);
      clGetPlatformIDs(n, P.data(), nullptr);
    } else if (a == "dev") {
      for (auto p : P) {
        cl_uint n = 0;
        clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &n);
        std::vector<cl_device_id> d(n);
        if (n)
          clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, n, d.data(), nullptr);
        for (auto x : d) {
          char nm[256];
          clGetDeviceInfo(x, CL_DEVICE_NAME, sizeof nm, nm, nullptr);
          cl_device_type t;
          clGetDeviceInfo(x, CL_DEVICE_TYPE, sizeof t, &t, nullptr);
          std::printf("  cl device %s type %d\n", nm, (int)t);
          if (t & CL_DEVICE_TYPE_GPU)
            D.push_back(x);
        }
      }
    } else if (a == "ctx") {
      cl_int err;
      Ctx = clCreateContext(nullptr, 1, &D.at(0), nullptr, nullptr, &err);
      cl_command_queue q = clCreateCommandQueue(Ctx, D[0], 0, &err);
      std::printf("  clCreateContext %d\n", err);
      (void)q;
      cuCtxSetCurrent(cur);
    } else if (a == "cfg") {
      CUfunc_cache c;
      cuCtxGetCacheConfig(&c);
      std::printf("  ctx cache config %d (0 none, 1 shared, 2 L1, 3 equal)\n", (int)c);
    } else if (a == "carve100" || a == "carvem1" || a == "carve25") {
      int pc = a == "carve100" ? 100 : a == "carve25" ? 25 : -1;
      for (auto &v : V) {
        if (v.builtin)
          CK(cudaFuncSetAttribute(matmulTiled, cudaFuncAttributePreferredSharedMemoryCarveout, pc));
        else
          CK(cuFuncSetAttribute(v.f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, pc));
      }
    } else if (a == "ctxnone")
      CK(cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_NONE));
    else if (a == "ctxshared")
      CK(cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_SHARED));
    else if (a == "ctxl1")
      CK(cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_L1));
    else if (a == "funcshared") {
      for (auto &v : V) {
        if (v.builtin)
          CK(cudaFuncSetCacheConfig(matmulTiled, cudaFuncCachePreferShared));
        else
          CK(cuFuncSetCacheConfig(v.f, CU_FUNC_CACHE_PREFER_SHARED));
      }
    } else
      std::printf("unknown stage %s\n", a.c_str());
  }
}
