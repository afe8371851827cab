// CUDA side of the benchmarks, the yardstick: the cases of bench/amp/amp_kernels.cpp and amp_blas.cpp written as a
// CUDA programmer porting the C++ AMP code would (vector add, saxpy, the seed's simple and 16x16 tiled matrix
// multiply in float, an empty kernel, data into and out of the device), the device's own copy, and cuBLAS SGEMM
// as the GEMM ceiling; checked and timed exactly as the C++ AMP programs and the OpenCL harness are (bench_util.h).
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bench_util.h"
#include "matmul_tiled.cuh"

using bench::Json;

namespace {

// The block size the ampcc runtime picks for its rank-1 launches (rank 2: TS x TS, matmul_tiled.cuh), so both sides
// run the same grid.
constexpr int Block1D = 256;

void check(cudaError_t Err, const char *What) {
  if (Err != cudaSuccess) {
    std::fprintf(stderr, "cuda_bench: %s failed: %s (%s)\n", What, cudaGetErrorName(Err), cudaGetErrorString(Err));
    std::exit(4);
  }
}

void check(cublasStatus_t S, const char *What) {
  if (S != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "cuda_bench: %s failed: %s\n", What, cublasGetStatusString(S));
    std::exit(4);
  }
}

// Waits for everything launched, and reports a launch that never started (a bad configuration is returned by
// cudaGetLastError only, not by the synchronization).
void finish() {
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  check(cudaGetLastError(), "kernel launch");
}

// Device memory for N elements, optionally filled from the host; freed with the object.
template <typename T> class DeviceArray {
public:
  explicit DeviceArray(size_t N, const T *Init = nullptr) : N(N) {
    check(cudaMalloc(&P, N * sizeof(T)), "cudaMalloc");
    if (Init)
      check(cudaMemcpy(P, Init, N * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy to the device");
  }
  ~DeviceArray() { cudaFree(P); }
  DeviceArray(const DeviceArray &) = delete;
  DeviceArray &operator=(const DeviceArray &) = delete;
  T *get() const { return P; }
  std::vector<T> read() const {
    std::vector<T> V(N);
    check(cudaMemcpy(V.data(), P, N * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy to the host");
    return V;
  }

private:
  T *P = nullptr;
  size_t N;
};

__global__ void vadd(float *z, const float *x, const float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    z[i] = x[i] + y[i];
}

__global__ void saxpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void addOne(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += 1.0f;
}

__global__ void empty(int *) {}

// The seed's Figure 1 kernel in float: one thread per element of C, x along columns so a warp reads a row of B.
__global__ void matmulSimple(float *c, const float *a, const float *b, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n || col >= n)
    return;
  float sum = 0;
  for (int i = 0; i < n; i++)
    sum += a[row * n + i] * b[i * n + col];
  c[row * n + col] = sum;
}

int blocksFor(long N, int PerBlock) { return static_cast<int>((N + PerBlock - 1) / PerBlock); }

struct Device {
  int Index = 0;
  std::string Name;
  int Major = 0, Minor = 0, Runtime = 0, Driver = 0;
};

// The device the runtime picked (device 0 unless CUDA_VISIBLE_DEVICES says otherwise), made current.
const Device &device() {
  static Device D = [] {
    Device R;
    check(cudaGetDevice(&R.Index), "cudaGetDevice");
    cudaDeviceProp P;
    check(cudaGetDeviceProperties(&P, R.Index), "cudaGetDeviceProperties");
    R.Name = P.name, R.Major = P.major, R.Minor = P.minor;
    check(cudaRuntimeGetVersion(&R.Runtime), "cudaRuntimeGetVersion");
    check(cudaDriverGetVersion(&R.Driver), "cudaDriverGetVersion");
    return R;
  }();
  return D;
}

Json header(const bench::Options &O, const char *Impl) {
  const Device &D = device();
  Json J;
  J.str("impl", Impl).str("case", O.Case).str("device", D.Name);
  J.str("compute_capability", std::to_string(D.Major) + "." + std::to_string(D.Minor));
  J.num("cuda_runtime", D.Runtime).num("cuda_driver", D.Driver);
  return J;
}

// vadd, saxpy and the device copy (cudaMemcpyAsync device to device) all count bytes read + bytes written.
void vectorCase(const bench::Options &O) {
  const int N = static_cast<int>(O.N);
  std::vector<float> HX = bench::smallInts(N, 1), HY = bench::smallInts(N, 2);
  DeviceArray<float> X(N, HX.data()), Y(N, HY.data()), Z(N);
  const float A = 2.0f;
  const int Blocks = blocksFor(N, Block1D);
  double Bytes = 3.0 * N * 4;
  std::vector<float> Want(N);
  std::function<void()> Launch;
  const DeviceArray<float> *Result = &Z;
  if (O.Case == "copy") {
    Bytes = 2.0 * N * 4;
    Launch = [&] {
      check(cudaMemcpyAsync(Z.get(), X.get(), size_t(N) * 4, cudaMemcpyDeviceToDevice), "cudaMemcpyAsync");
    };
    Want = HX;
  } else if (O.Case == "vadd") {
    Launch = [&] { vadd<<<Blocks, Block1D>>>(Z.get(), X.get(), Y.get(), N); };
    for (int I = 0; I < N; ++I)
      Want[I] = HX[I] + HY[I];
  } else {
    Launch = [&] { saxpy<<<Blocks, Block1D>>>(Y.get(), X.get(), A, N); };
    Result = &Y;
    // Exact in float whether or not the compiler contracts a*x+y into an fma.
    for (int I = 0; I < N; ++I)
      Want[I] = A * HX[I] + HY[I];
  }
  Launch();
  finish();
  std::vector<float> Got = Result->read();
  bench::checkEqual(("nvcc " + O.Case).c_str(), Got.data(), Want.data(), N);
  double T = bench::timePerLaunch(O, Launch, finish);
  header(O, "nvcc").num("n", N).num("seconds", T).num("bytes", Bytes).num("gbps", Bytes / T / 1e9).print();
}

// The seed's two matrix multiplies, and cuBLAS SGEMM, on n x n row-major matrices already on the device.
void matmulCase(const bench::Options &O) {
  const int N = O.Size;
  size_t NN = size_t(N) * N;
  std::vector<float> HA = bench::smallInts(NN, 3), HB = bench::smallInts(NN, 4);
  DeviceArray<float> A(NN, HA.data()), B(NN, HB.data()), C(NN);
  dim3 Block(TS, TS), Grid(blocksFor(N, TS), blocksFor(N, TS));
  std::function<void()> Launch;
  cublasHandle_t Handle = nullptr;
  const char *Impl = "nvcc";
  const float Alpha = 1.0f, Beta = 0.0f;
  if (O.Case == "cublas") {
    Impl = "cublas";
    check(cublasCreate(&Handle), "cublasCreate");
    // Plain FP32: no TF32 tensor-core rounding, the arithmetic CLBlast and the kernels do.
    check(cublasSetMathMode(Handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
    // cuBLAS is column-major: a row-major matrix is its transpose in column-major order, so the row-major
    // C = A B is the column-major C^T = B^T A^T, i.e. sgemm with the operands swapped and nothing transposed.
    Launch = [&] {
      check(cublasSgemm(Handle, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &Alpha, B.get(), N, A.get(), N, &Beta, C.get(), N),
            "cublasSgemm");
    };
  } else if (O.Case == "matmul_tiled") {
    if (N % TS != 0) {
      std::fprintf(stderr, "cuda_bench: matmul_tiled needs a size that is a multiple of %d\n", TS);
      std::exit(2);
    }
    Launch = [&] { matmulTiled<<<Grid, Block>>>(C.get(), A.get(), B.get(), N); };
  } else {
    Launch = [&] { matmulSimple<<<Grid, Block>>>(C.get(), A.get(), B.get(), N); };
  }
  Launch();
  finish();
  bench::checkMatmul((std::string(Impl) + " " + O.Case).c_str(), HA, HB, C.read(), N);
  double T = bench::timePerLaunch(O, Launch, finish);
  Json J = header(O, Impl);
  if (Handle) {
    int Version = 0;
    check(cublasGetVersion(Handle, &Version), "cublasGetVersion");
    J.num("cublas_version", Version).str("math_mode", "CUBLAS_DEFAULT_MATH");
    cublasDestroy(Handle);
  }
  J.num("size", N).num("seconds", T).num("gflops", 2.0 * N * N * N / T / 1e9).print();
}

// Launch latency: one empty kernel then a wait, timed one by one; and the cost per launch of a batch.
void emptyCase(const bench::Options &O) {
  DeviceArray<int> D(1);
  auto Launch = [&] { empty<<<1, 1>>>(D.get()); };
  Launch();
  finish();
  std::vector<double> Each;
  for (int I = 0; I < 200 * O.Reps; ++I) {
    double S = bench::now();
    Launch();
    finish();
    Each.push_back(bench::now() - S);
  }
  double Batched = bench::timePerLaunch(O, Launch, finish);
  header(O, "nvcc").num("seconds", bench::median(Each)).num("batched_seconds", Batched).print();
}

// Data in and out of the device, as amp_kernels' array_copies: device memory allocated and filled from a
// std::vector, a kernel adding 1 and a wait ("in"), then a copy back into a vector ("out"), against std::copy of
// the same bytes on the host; turn by turn, medians and ratios. Pageable host memory, as the C++ AMP side has.
void arrayCopiesCase(const bench::Options &O) {
  const int N = static_cast<int>(O.N);
  std::vector<float> In = bench::smallInts(N, 5), Out(N), Host(N);
  std::vector<double> TIn, TOut, THost;
  for (int R = 0; R < O.Reps; ++R) {
    double S = bench::now();
    {
      DeviceArray<float> A(N, In.data());
      addOne<<<blocksFor(N, Block1D), Block1D>>>(A.get(), N);
      finish();
      TIn.push_back(bench::now() - S);
      S = bench::now();
      check(cudaMemcpy(Out.data(), A.get(), size_t(N) * 4, cudaMemcpyDeviceToHost), "cudaMemcpy to the host");
      TOut.push_back(bench::now() - S);
    }
    S = bench::now();
    std::copy(In.begin(), In.end(), Host.begin());
    THost.push_back(bench::now() - S);
    for (int I = 0; I < N; I += N / 64 + 1)
      if (Out[I] != In[I] + 1.0f || Host[I] != In[I])
        bench::fail("nvcc array copies: element " + std::to_string(I) + " is wrong");
  }
  double MIn = bench::median(TIn), MOut = bench::median(TOut), MHost = bench::median(THost);
  header(O, "nvcc")
      .num("n", N)
      .num("in_seconds", MIn)
      .num("out_seconds", MOut)
      .num("host_copy_seconds", MHost)
      .num("in_ratio", MIn / MHost)
      .num("out_ratio", MOut / MHost)
      .print();
}

void runCase(const bench::Options &O) {
  if (O.Case == "copy" || O.Case == "vadd" || O.Case == "saxpy")
    vectorCase(O);
  else if (O.Case == "matmul_simple" || O.Case == "matmul_tiled" || O.Case == "cublas")
    matmulCase(O);
  else if (O.Case == "empty")
    emptyCase(O);
  else if (O.Case == "array_copies")
    arrayCopiesCase(O);
  else if (O.Case == "device")
    std::printf("%s\n", device().Name.c_str());
  else {
    std::fprintf(stderr, "cuda_bench: unknown --case '%s'\n", O.Case.c_str());
    std::exit(2);
  }
}

// --check-only: every case once, at small sizes that are not multiples of the block (the bounds guards run),
// with one short repetition: a first run on a new machine that shows the build, the device and the results.
void checkOnly() {
  bench::Options O;
  O.Reps = 1;
  O.MinTime = 0.001;
  for (const char *C : {"copy", "vadd", "saxpy"}) {
    O.Case = C;
    O.N = 1000003;
    runCase(O);
  }
  for (int Size : {16, 100, 256, 528}) {
    for (const char *C : {"matmul_simple", "matmul_tiled", "cublas"}) {
      if (std::string(C) == "matmul_tiled" && Size % TS != 0)
        continue;
      O.Case = C;
      O.Size = Size;
      runCase(O);
    }
  }
  O.Case = "empty";
  runCase(O);
  O.Case = "array_copies";
  O.N = 1000003;
  O.Reps = 2;
  runCase(O);
  std::fprintf(stderr, "cuda_bench: every case gave the right result on %s\n", device().Name.c_str());
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc == 2 && std::string(Argv[1]) == "--check-only") {
    checkOnly();
    return 0;
  }
  runCase(bench::parse(Argc, Argv));
}
