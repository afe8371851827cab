// Hand-written OpenCL side of the benchmarks: the device's copy bandwidth, vector add, saxpy, the
// seed's two matrix multiplies written directly in OpenCL C, CLBlast SGEMM, an empty kernel and the
// end-to-end matrix multiply, checked and timed exactly as the C++ AMP programs are.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#ifdef BENCH_HAVE_CLBLAST
#include <clblast_c.h>
#endif

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "bench_util.h"

using bench::Json;

namespace {

const char *KernelSource = R"CLC(
__kernel void vadd(__global float* z, const __global float* x, const __global float* y, int n) {
  int i = get_global_id(0);
  if (i < n) z[i] = x[i] + y[i];
}
__kernel void saxpy(__global float* y, const __global float* x, float a, int n) {
  int i = get_global_id(0);
  if (i < n) y[i] = a * x[i] + y[i];
}
__kernel void empty(__global int* d) {}
// The seed's simple model: one thread per element of C.
__kernel void matmul_simple(__global float* c, const __global float* a, const __global float* b, int n) {
  int row = get_global_id(1), col = get_global_id(0);
  if (row >= n || col >= n) return;
  float sum = 0;
  for (int i = 0; i < n; i++) sum += a[row * n + i] * b[i * n + col];
  c[row * n + col] = sum;
}
__kernel void matmul_simple_int(__global int* c, const __global int* a, const __global int* b, int n) {
  int row = get_global_id(1), col = get_global_id(0);
  if (row >= n || col >= n) return;
  int sum = 0;
  for (int i = 0; i < n; i++) sum += a[row * n + i] * b[i * n + col];
  c[row * n + col] = sum;
}
// The seed's tiled model: 16x16 tiles of A and B staged in local memory.
#define TS 16
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void matmul_tiled(__global float* c, const __global float* a, const __global float* b, int n) {
  __local float locA[TS][TS], locB[TS][TS];
  int row = get_local_id(1), col = get_local_id(0);
  int grow = get_global_id(1), gcol = get_global_id(0);
  float sum = 0;
  for (int i = 0; i < n; i += TS) {
    locA[row][col] = a[grow * n + col + i];
    locB[row][col] = b[(row + i) * n + gcol];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; k++) sum += locA[row][k] * locB[k][col];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[grow * n + gcol] = sum;
}
)CLC";

void check(cl_int Err, const char *What) {
  if (Err != CL_SUCCESS) {
    std::fprintf(stderr, "ocl_bench: %s failed with OpenCL error %d\n", What, Err);
    std::exit(4);
  }
}

std::string lower(std::string S) {
  std::transform(S.begin(), S.end(), S.begin(), [](unsigned char C) { return std::tolower(C); });
  return S;
}

struct Device {
  cl_device_id Id;
  cl_device_type Type;
  std::string Description; // "<device name> (<platform name>)", as the ampcc runtime writes it
};

// Every device of every platform, in the order the ampcc runtime numbers them.
std::vector<Device> allDevices() {
  std::vector<Device> R;
  cl_uint NP = 0;
  if (clGetPlatformIDs(0, nullptr, &NP) != CL_SUCCESS || NP == 0)
    return R;
  std::vector<cl_platform_id> Ps(NP);
  clGetPlatformIDs(NP, Ps.data(), nullptr);
  for (cl_platform_id P : Ps) {
    char PName[256] = {0};
    clGetPlatformInfo(P, CL_PLATFORM_NAME, sizeof PName - 1, PName, nullptr);
    cl_uint ND = 0;
    if (clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 0, nullptr, &ND) != CL_SUCCESS || ND == 0)
      continue;
    std::vector<cl_device_id> Ds(ND);
    clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, ND, Ds.data(), nullptr);
    for (cl_device_id D : Ds) {
      char Name[256] = {0};
      clGetDeviceInfo(D, CL_DEVICE_NAME, sizeof Name - 1, Name, nullptr);
      cl_device_type T = 0;
      clGetDeviceInfo(D, CL_DEVICE_TYPE, sizeof T, &T, nullptr);
      R.push_back({D, T, std::string(Name) + " (" + PName + ")"});
    }
  }
  return R;
}

// The same choice as ampcc::rt::default_device(): AMPCC_DEVICE = gpu | cpu | <index> | <name substring>,
// else the first GPU, else the first CPU, else whatever there is.
Device pickDevice() {
  std::vector<Device> All = allDevices();
  if (All.empty()) {
    std::fprintf(stderr, "ocl_bench: no OpenCL device\n");
    std::exit(4);
  }
  auto byType = [&](cl_device_type T) -> int {
    for (size_t I = 0; I < All.size(); ++I)
      if (All[I].Type & T)
        return static_cast<int>(I);
    return -1;
  };
  const char *Env = std::getenv("AMPCC_DEVICE");
  int Found = -1;
  if (Env && *Env) {
    std::string Want = lower(Env);
    if (Want == "gpu")
      Found = byType(CL_DEVICE_TYPE_GPU);
    else if (Want == "cpu")
      Found = byType(CL_DEVICE_TYPE_CPU);
    else if (std::all_of(Want.begin(), Want.end(), ::isdigit))
      Found = std::atoi(Want.c_str()) < static_cast<int>(All.size()) ? std::atoi(Want.c_str()) : -1;
    else
      for (size_t I = 0; I < All.size() && Found < 0; ++I)
        if (lower(All[I].Description).find(Want) != std::string::npos)
          Found = static_cast<int>(I);
    if (Found < 0) {
      std::fprintf(stderr, "ocl_bench: AMPCC_DEVICE=%s matches no OpenCL device\n", Env);
      std::exit(4);
    }
  } else {
    for (cl_device_type T : {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_ACCELERATOR})
      if (Found < 0)
        Found = byType(T);
    if (Found < 0)
      Found = 0;
  }
  return All[Found];
}

struct Env {
  Device Dev;
  cl_context Ctx;
  cl_command_queue Q;
  cl_program Prog;

  Env() : Dev(pickDevice()) {
    cl_int Err;
    Ctx = clCreateContext(nullptr, 1, &Dev.Id, nullptr, nullptr, &Err);
    check(Err, "clCreateContext");
    Q = clCreateCommandQueue(Ctx, Dev.Id, 0, &Err);
    check(Err, "clCreateCommandQueue");
    Prog = clCreateProgramWithSource(Ctx, 1, &KernelSource, nullptr, &Err);
    check(Err, "clCreateProgramWithSource");
    // The same options as the ampcc runtime, so the compilers see the same request.
    if (clBuildProgram(Prog, 1, &Dev.Id, "-cl-std=CL1.2", nullptr, nullptr) != CL_SUCCESS) {
      char Log[16384] = {0};
      clGetProgramBuildInfo(Prog, Dev.Id, CL_PROGRAM_BUILD_LOG, sizeof Log - 1, Log, nullptr);
      std::fprintf(stderr, "ocl_bench: kernel build failed:\n%s\n", Log);
      std::exit(4);
    }
  }
  cl_kernel kernel(const char *Name) {
    cl_int Err;
    cl_kernel K = clCreateKernel(Prog, Name, &Err);
    check(Err, Name);
    return K;
  }
  // Blocking = false lets the upload overlap whatever the host does next (the in-order queue orders it).
  cl_mem buffer(size_t Bytes, const void *Init = nullptr, bool Blocking = true) {
    cl_int Err;
    cl_mem M = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Bytes, nullptr, &Err);
    check(Err, "clCreateBuffer");
    if (Init)
      check(clEnqueueWriteBuffer(Q, M, Blocking ? CL_TRUE : CL_FALSE, 0, Bytes, Init, 0, nullptr, nullptr), "clEnqueueWriteBuffer");
    return M;
  }
  template <typename T> std::vector<T> read(cl_mem M, size_t N) {
    std::vector<T> V(N);
    check(clEnqueueReadBuffer(Q, M, CL_TRUE, 0, N * sizeof(T), V.data(), 0, nullptr, nullptr), "clEnqueueReadBuffer");
    return V;
  }
  void finish() { check(clFinish(Q), "clFinish"); }
  void launch(cl_kernel K, cl_uint Dims, const size_t *Global, const size_t *Local) {
    check(clEnqueueNDRangeKernel(Q, K, Dims, nullptr, Global, Local, 0, nullptr, nullptr), "clEnqueueNDRangeKernel");
  }
};

template <typename T> void arg(cl_kernel K, cl_uint I, const T &V) { check(clSetKernelArg(K, I, sizeof V, &V), "clSetKernelArg"); }

size_t roundUp(size_t N, size_t M) { return (N + M - 1) / M * M; }

Json header(const bench::Options &O, const Env &E, const char *Impl) {
  Json J;
  J.str("impl", Impl).str("case", O.Case).str("device", E.Dev.Description);
  return J;
}

// vadd, saxpy and the device copy (clEnqueueCopyBuffer) all count bytes read + bytes written.
void vectorCase(const bench::Options &O) {
  Env E;
  const int N = static_cast<int>(O.N);
  std::vector<float> HX = bench::smallInts(N, 1), HY = bench::smallInts(N, 2);
  cl_mem X = E.buffer(N * 4, HX.data()), Y = E.buffer(N * 4, HY.data()), Z = E.buffer(N * 4);
  size_t Local = 256, Global = roundUp(N, Local); // the work-group size ampcc picks for rank 1
  const float A = 2.0f;
  std::function<void()> Launch;
  double Bytes = 3.0 * N * 4;
  std::vector<float> Want(N);
  const char *Impl = "opencl";
  if (O.Case == "copy") {
    Impl = "copy";
    Bytes = 2.0 * N * 4;
    Launch = [&] { check(clEnqueueCopyBuffer(E.Q, X, Z, 0, 0, size_t(N) * 4, 0, nullptr, nullptr), "clEnqueueCopyBuffer"); };
    Want = HX;
  } else if (O.Case == "vadd") {
    cl_kernel K = E.kernel("vadd");
    arg(K, 0, Z), arg(K, 1, X), arg(K, 2, Y), arg(K, 3, N);
    Launch = [&, K] { E.launch(K, 1, &Global, &Local); };
    for (int I = 0; I < N; ++I)
      Want[I] = HX[I] + HY[I];
  } else {
    cl_kernel K = E.kernel("saxpy");
    arg(K, 0, Y), arg(K, 1, X), arg(K, 2, A), arg(K, 3, N);
    Launch = [&, K] { E.launch(K, 1, &Global, &Local); };
    for (int I = 0; I < N; ++I)
      Want[I] = A * HX[I] + HY[I];
  }
  Launch();
  std::vector<float> Got = E.read<float>(O.Case == "saxpy" ? Y : Z, N);
  bench::checkEqual(("hand-written " + O.Case).c_str(), Got.data(), Want.data(), N);
  double T = bench::timePerLaunch(O, Launch, [&] { E.finish(); });
  header(O, E, Impl).num("n", N).num("seconds", T).num("bytes", Bytes).num("gbps", Bytes / T / 1e9).print();
}

void matmulCase(const bench::Options &O) {
  Env E;
  const int N = O.Size;
  size_t NN = size_t(N) * N;
  std::vector<float> HA = bench::smallInts(NN, 3), HB = bench::smallInts(NN, 4);
  cl_mem A = E.buffer(NN * 4, HA.data()), B = E.buffer(NN * 4, HB.data()), C = E.buffer(NN * 4);
  size_t Global[2] = {roundUp(N, 16), roundUp(N, 16)}, Local[2] = {16, 16};
  std::function<void()> Launch;
  const char *Impl = "opencl";
  if (O.Case == "clblast") {
#ifdef BENCH_HAVE_CLBLAST
    Impl = "clblast";
    Launch = [&] {
      CLBlastStatusCode S = CLBlastSgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo, N, N, N, 1.0f,
                                         A, 0, N, B, 0, N, 0.0f, C, 0, N, &E.Q, nullptr);
      if (S != CLBlastSuccess) {
        std::fprintf(stderr, "ocl_bench: CLBlastSgemm failed with status %d\n", static_cast<int>(S));
        std::exit(4);
      }
    };
#else
    std::fprintf(stderr, "ocl_bench: built without CLBlast\n");
    std::exit(5);
#endif
  } else {
    cl_kernel K = E.kernel(O.Case == "matmul_tiled" ? "matmul_tiled" : "matmul_simple");
    arg(K, 0, C), arg(K, 1, A), arg(K, 2, B), arg(K, 3, N);
    Launch = [&, K] { E.launch(K, 2, Global, Local); };
  }
  Launch();
  E.finish();
  bench::checkMatmul(("hand-written " + O.Case).c_str(), HA, HB, E.read<float>(C, NN), N);
  double T = bench::timePerLaunch(O, Launch, [&] { E.finish(); });
  header(O, E, Impl).num("size", N).num("seconds", T).num("gflops", 2.0 * N * N * N / T / 1e9).print();
}

void emptyCase(const bench::Options &O) {
  Env E;
  cl_mem D = E.buffer(4);
  cl_kernel K = E.kernel("empty");
  arg(K, 0, D);
  size_t One = 1;
  auto Launch = [&] { E.launch(K, 1, &One, &One); };
  Launch();
  E.finish();
  std::vector<double> Each;
  for (int I = 0; I < 200 * O.Reps; ++I) {
    double S = bench::now();
    Launch();
    E.finish();
    Each.push_back(bench::now() - S);
  }
  double Batched = bench::timePerLaunch(O, Launch, [&] { E.finish(); });
  header(O, E, "opencl").num("seconds", bench::median(Each)).num("batched_seconds", Batched).print();
}

// The seed's matrix multiply with what a C++ AMP call does around it: buffers, upload, kernel,
// download, release (the kernel object is kept, as the ampcc runtime keeps it). The first call
// includes device discovery, context and program build.
void e2eCase(const bench::Options &O) {
  const int N = O.Size;
  size_t NN = size_t(N) * N;
  std::vector<float> FA = bench::smallInts(NN, 5), FB = bench::smallInts(NN, 6);
  std::vector<int> HA(FA.begin(), FA.end()), HB(FB.begin(), FB.end()), HC(NN);
  Env *E = nullptr;
  cl_kernel K = nullptr;
  auto Call = [&] {
    if (!E) {
      E = new Env();
      K = E->kernel("matmul_simple_int");
    }
    cl_mem A = E->buffer(NN * 4, HA.data(), false), B = E->buffer(NN * 4, HB.data(), false), C = E->buffer(NN * 4);
    arg(K, 0, C), arg(K, 1, A), arg(K, 2, B), arg(K, 3, N);
    size_t Global[2] = {roundUp(N, 16), roundUp(N, 16)}, Local[2] = {16, 16};
    E->launch(K, 2, Global, Local);
    check(clEnqueueReadBuffer(E->Q, C, CL_TRUE, 0, NN * 4, HC.data(), 0, nullptr, nullptr), "clEnqueueReadBuffer");
    clReleaseMemObject(A), clReleaseMemObject(B), clReleaseMemObject(C);
  };
  double S = bench::now();
  Call();
  double Cold = bench::now() - S;
  bench::checkMatmul("hand-written e2e matmul", FA, FB, std::vector<float>(HC.begin(), HC.end()), N);
  std::vector<double> Warm;
  for (int R = 0; R < std::max(3, O.Reps); ++R) {
    std::fill(HC.begin(), HC.end(), 0);
    S = bench::now();
    Call();
    Warm.push_back(bench::now() - S);
  }
  bench::checkMatmul("hand-written e2e matmul (warm)", FA, FB, std::vector<float>(HC.begin(), HC.end()), N);
  header(O, *E, "opencl").num("size", N).num("cold_seconds", Cold).num("warm_seconds", bench::median(Warm)).print();
}

// The OpenCL platform's start-up, first thing in a fresh process: device discovery, a context, a queue and
// one wait on it, no program. A cold run of a program cannot be faster than this plus its warm run.
void startupCase(const bench::Options &O) {
  double S = bench::now();
  Device Dev = pickDevice();
  cl_int Err;
  cl_context Ctx = clCreateContext(nullptr, 1, &Dev.Id, nullptr, nullptr, &Err);
  check(Err, "clCreateContext");
  cl_command_queue Q = clCreateCommandQueue(Ctx, Dev.Id, 0, &Err);
  check(Err, "clCreateCommandQueue");
  check(clFinish(Q), "clFinish");
  double Seconds = bench::now() - S;
  Json J;
  J.str("impl", "opencl").str("case", O.Case).str("device", Dev.Description).num("seconds", Seconds).print();
}

} // namespace

int main(int Argc, char **Argv) {
  bench::Options O = bench::parse(Argc, Argv);
  if (O.Case == "copy" || O.Case == "vadd" || O.Case == "saxpy")
    vectorCase(O);
  else if (O.Case == "matmul_simple" || O.Case == "matmul_tiled" || O.Case == "clblast")
    matmulCase(O);
  else if (O.Case == "empty")
    emptyCase(O);
  else if (O.Case == "e2e")
    e2eCase(O);
  else if (O.Case == "startup")
    startupCase(O);
  else if (O.Case == "device")
    std::printf("%s\n", pickDevice().Description.c_str());
  else {
    std::fprintf(stderr, "ocl_bench: unknown --case '%s'\n", O.Case.c_str());
    return 2;
  }
}
