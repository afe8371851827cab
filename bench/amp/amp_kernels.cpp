// C++ AMP side of the benchmarks: vector add, saxpy, the seed's simple and tiled matrix multiply (in
// float) and an empty kernel, each checked against a serial result and timed as N launches + wait; and host
// loops over array_view and array elements against the same loops over a std::vector (host_access); an array
// made from a vector and copied back, against std::copy of the same bytes (array_copies).
#include <amp.h>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "bench_util.h"

using namespace concurrency;
using bench::Json;

static const int TS = 16;

static std::string deviceName(const accelerator_view &AV) {
  std::wstring W = AV.get_accelerator().description;
  return std::string(W.begin(), W.end());
}

static Json header(const bench::Options &O, const accelerator_view &AV) {
  Json J;
  J.str("impl", "ampcc").str("case", O.Case).str("device", deviceName(AV));
  return J;
}

// Prints n, the median seconds of each series (NAME_seconds) and of the baseline's, and each series' median
// ratio to the baseline's (NAME_ratio): a case measured side by side against what it is compared with.
static void printAgainstBaseline(const bench::Options &O, const accelerator_view &AV, int N,
                                 std::initializer_list<std::pair<const char *, const std::vector<double> *>> Series,
                                 const char *Baseline, const std::vector<double> &Base) {
  Json J = header(O, AV);
  J.num("n", N);
  double MBase = bench::median(Base);
  for (const auto &[Name, Times] : Series)
    J.num(std::string(Name) + "_seconds", bench::median(*Times));
  J.num(std::string(Baseline) + "_seconds", MBase);
  for (const auto &[Name, Times] : Series)
    J.num(std::string(Name) + "_ratio", bench::median(*Times) / MBase);
  J.print();
}

static void vectorCase(const bench::Options &O, bool Saxpy) {
  accelerator_view AV = accelerator().default_view;
  const int N = static_cast<int>(O.N);
  std::vector<float> HX = bench::smallInts(N, 1), HY = bench::smallInts(N, 2);
  array<float, 1> X(N, HX.begin(), HX.end()), Y(N, HY.begin(), HY.end()), Z(N);
  array_view<const float, 1> x(X), y(Y);
  array_view<float, 1> z(Z), yw(Y);
  const float A = 2.0f;
  // Exact in float whether or not the device contracts a*x+y into an fma.
  std::vector<float> Want(N);
  for (int I = 0; I < N; ++I)
    Want[I] = Saxpy ? A * HX[I] + HY[I] : HX[I] + HY[I];

  std::function<void()> Launch;
  if (Saxpy)
    Launch = [&] {
      parallel_for_each(yw.extent, [=](index<1> i) restrict(amp) { yw[i] = A * x[i] + yw[i]; });
    };
  else
    Launch = [&] { parallel_for_each(z.extent, [=](index<1> i) restrict(amp) { z[i] = x[i] + y[i]; }); };

  Launch();
  std::vector<float> Got = Saxpy ? std::vector<float>(Y) : std::vector<float>(Z);
  bench::checkEqual(Saxpy ? "ampcc saxpy" : "ampcc vector add", Got.data(), Want.data(), N);

  double T = bench::timePerLaunch(O, Launch, [&] { AV.wait(); });
  header(O, AV).num("n", N).num("seconds", T).num("bytes", 3.0 * N * sizeof(float)).num("gbps", 3.0 * N * 4 / T / 1e9).print();
}

// The seed's Figure 1 kernel, in float.
static void matmulSimple(array_view<const float, 2> a, array_view<const float, 2> b, array_view<float, 2> c) {
  parallel_for_each(c.extent, [=](index<2> idx) restrict(amp) {
    int row = idx[0];
    int col = idx[1];
    float sum = 0;
    for (int i = 0; i < b.extent[0]; i++)
      sum += a(row, i) * b(i, col);
    c[idx] = sum;
  });
}

// The seed's Figure 5 kernel (tile_static locA/locB), in float.
static void matmulTiled(array_view<const float, 2> a, array_view<const float, 2> b, array_view<float, 2> c) {
  parallel_for_each(c.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    tile_static float locA[TS][TS], locB[TS][TS];
    float sum = 0;
    for (int i = 0; i < a.extent[1]; i += TS) {
      locA[row][col] = a(t_idx.global[0], col + i);
      locB[row][col] = b(row + i, t_idx.global[1]);
      t_idx.barrier.wait();
      for (int k = 0; k < TS; k++)
        sum += locA[row][k] * locB[k][col];
      t_idx.barrier.wait();
    }
    c[t_idx.global] = sum;
  });
}

static void matmulCase(const bench::Options &O, bool Tiled) {
  accelerator_view AV = accelerator().default_view;
  const int N = O.Size;
  std::vector<float> HA = bench::smallInts(size_t(N) * N, 3), HB = bench::smallInts(size_t(N) * N, 4);
  // Arrays live on the device, so the timed launches move no data.
  array<float, 2> A(N, N, HA.begin(), HA.end()), B(N, N, HB.begin(), HB.end()), C(N, N);
  array_view<const float, 2> a(A), b(B);
  array_view<float, 2> c(C);
  auto Launch = [&] { Tiled ? matmulTiled(a, b, c) : matmulSimple(a, b, c); };
  Launch();
  bench::checkMatmul(Tiled ? "ampcc matmul tiled" : "ampcc matmul simple", HA, HB, std::vector<float>(C), N);
  double T = bench::timePerLaunch(O, Launch, [&] { AV.wait(); });
  header(O, AV).num("size", N).num("seconds", T).num("gflops", 2.0 * N * N * N / T / 1e9).print();
}

// A launch through the user's own wrapper: the call stays as written and finds its kernel by the kernel
// object's type (docs/design/kernel-identity-and-launch.md).
template <typename K> [[gnu::noinline]] static void launchThrough(const extent<1> &E, const K &Kernel) {
  parallel_for_each(E, Kernel);
}

// Launch latency: one empty kernel then wait, timed one by one, written at the call and launched through a
// wrapper by its object (the two take turns); and the cost per launch of a batch.
static void emptyCase(const bench::Options &O) {
  accelerator_view AV = accelerator().default_view;
  array<int, 1> Dummy(1);
  array_view<int, 1> d(Dummy);
  auto Launch = [&] { parallel_for_each(extent<1>(1), [=](index<1> i) restrict(amp) { (void)d; }); };
  auto Kernel = [=](index<1> i) restrict(amp) { (void)d; };
  auto LaunchObject = [&] { launchThrough(extent<1>(1), Kernel); };
  Launch();
  LaunchObject();
  AV.wait();
  std::vector<double> One, Object;
  for (int I = 0; I < 200 * O.Reps; ++I) {
    double S = bench::now();
    Launch();
    AV.wait();
    One.push_back(bench::now() - S);
    S = bench::now();
    LaunchObject();
    AV.wait();
    Object.push_back(bench::now() - S);
  }
  double Batched = bench::timePerLaunch(O, Launch, [&] { AV.wait(); });
  header(O, AV)
      .num("seconds", bench::median(One))
      .num("object_seconds", bench::median(Object))
      .num("batched_seconds", Batched)
      .print();
}

// Host access once the data is on the host: the same loop (a sum of every element, then every element
// incremented) over a std::vector, an array_view of another vector, and an array whose data a kernel wrote and
// one host access brought back. The three loops take turns, repetition by repetition, so that a machine's load
// falls on all of them alike; each one's median time per pass, and the ratios to the vector's, are the result.
// Each pass is a function of its own, not inlined into the case: inlined, the three instantiations' loops share
// one function, and which loop's accumulator GCC keeps in memory is the register allocator's choice for that
// function as a whole (with a slow-path call in the view's loops it was theirs; without, it became the vector's),
// not a cost of the access being measured.
template <typename Elements> [[gnu::noinline]] static double hostPass(long N, Elements &E, double &Sum) {
  double S = bench::now();
  double Acc = 0;
  for (long I = 0; I < N; ++I)
    Acc += E[static_cast<int>(I)];
  for (long I = 0; I < N; ++I)
    E[static_cast<int>(I)] += 1.0f;
  Sum += Acc;
  return bench::now() - S;
}

static void hostAccessCase(const bench::Options &O) {
  accelerator_view AV = accelerator().default_view;
  const int N = static_cast<int>(O.N);
  std::vector<float> V = bench::smallInts(N, 3), W = V;
  array_view<float, 1> view(N, W);
  array<float, 1> Arr(N, V.begin(), V.end());
  parallel_for_each(Arr.extent, [&Arr](index<1> i) restrict(amp) { Arr[i] += 0.0f; });
  Arr[0] += 0.0f; // brings the data back to the host, as a program reading results does
  double SumV = 0, SumView = 0, SumArr = 0;
  std::vector<double> TV, TView, TArr;
  for (int R = 0; R < O.Reps; ++R) {
    TV.push_back(hostPass(N, V, SumV));
    TView.push_back(hostPass(N, view, SumView));
    TArr.push_back(hostPass(N, Arr, SumArr));
  }
  if (SumView != SumV || SumArr != SumV)
    bench::fail("host access: the sums differ (vector " + std::to_string(SumV) + ", array_view " +
                std::to_string(SumView) + ", array " + std::to_string(SumArr) + ")");
  printAgainstBaseline(O, AV, N, {{"array_view", &TView}, {"array", &TArr}}, "vector", TV);
}

#if defined(AMPCC_CHECKED) || defined(AMPCC_DIRECTCOMPUTE_BOUNDS)
// The bounds guards refuse an array_view made over a pointer in amp code (docs/checked-mode.md): the guarded builds
// of bench/checked.sh have no local_view case.
static void localViewCase(const bench::Options &) { bench::fail("local_view: not in a build with bounds guards"); }
#else
// An array_view made in a kernel over the kernel's own local array (its variables then live in a scratch buffer in
// global memory, allocated per launch: docs/design/lowering.md, "Views over local memory") against the same work on the
// local array itself. The two kernels take turns, repetition by repetition; each one's median time per launch
// and the ratio are the result.
static void localViewCase(const bench::Options &O) {
  accelerator_view AV = accelerator().default_view;
  const int N = static_cast<int>(O.N);
  std::vector<float> HX = bench::smallInts(N, 4);
  array<float, 1> X(N, HX.begin(), HX.end()), Direct(N), Viewed(N);
  array_view<const float, 1> x(X);
  array_view<float, 1> d(Direct), v(Viewed);
  auto Plain = [&] {
    parallel_for_each(d.extent, [=](index<1> i) restrict(amp) {
      float a[4] = {x[i], x[i] + 1.0f, x[i] + 2.0f, x[i] + 3.0f};
      d[i] = a[0] + a[1] + a[2] + a[3];
    });
  };
  auto Through = [&] {
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
      float a[4] = {x[i], x[i] + 1.0f, x[i] + 2.0f, x[i] + 3.0f};
      array_view<float, 1> av(4, a);
      v[i] = av[0] + av[1] + av[2] + av[3];
    });
  };
  Plain();
  Through();
  std::vector<float> GotD = Direct, GotV = Viewed, Want(N);
  for (int I = 0; I < N; ++I)
    Want[I] = 4.0f * HX[I] + 6.0f;
  bench::checkEqual("ampcc local array", GotD.data(), Want.data(), N);
  bench::checkEqual("ampcc view over a local array", GotV.data(), Want.data(), N);
  std::vector<double> TP, TV;
  bench::Options One = O; // one batch per turn; the turns are the repetitions
  One.Reps = 1;
  for (int R = 0; R < O.Reps; ++R) {
    TP.push_back(bench::timePerLaunch(One, Plain, [&] { AV.wait(); }));
    TV.push_back(bench::timePerLaunch(One, Through, [&] { AV.wait(); }));
  }
  double MP = bench::median(TP), MV = bench::median(TV);
  header(O, AV).num("n", N).num("local_seconds", MP).num("view_seconds", MV).num("view_ratio", MV / MP).print();
}
#endif

// Data in and out of an array on the device: an array made from a std::vector (the data reaching the device,
// waited for through a kernel that adds 1) and copy() of it back into a vector, against std::copy of the same
// bytes on the host, side by side, repetition by repetition; medians and ratios.
static void arrayCopiesCase(const bench::Options &O) {
  accelerator_view AV = accelerator().default_view;
  const int N = static_cast<int>(O.N);
  std::vector<float> In = bench::smallInts(N, 5), Out(N), Host(N);
  std::vector<double> TIn, TOut, THost;
  for (int R = 0; R < O.Reps; ++R) {
    double S = bench::now();
    array<float, 1> A(N, In.begin(), In.end(), AV);
    parallel_for_each(AV, A.extent, [&A](index<1> i) restrict(amp) { A[i] += 1.0f; });
    AV.wait();
    TIn.push_back(bench::now() - S);
    S = bench::now();
    copy(A, Out.begin());
    TOut.push_back(bench::now() - S);
    S = bench::now();
    std::copy(In.begin(), In.end(), Host.begin());
    THost.push_back(bench::now() - S);
    for (int I = 0; I < N; I += N / 64 + 1)
      if (Out[I] != In[I] + 1.0f || Host[I] != In[I])
        bench::fail("array copies: element " + std::to_string(I) + " is wrong");
  }
  printAgainstBaseline(O, AV, N, {{"in", &TIn}, {"out", &TOut}}, "host_copy", THost);
}

int main(int Argc, char **Argv) {
  bench::Options O = bench::parse(Argc, Argv);
  if (O.Case == "vadd" || O.Case == "saxpy")
    vectorCase(O, O.Case == "saxpy");
  else if (O.Case == "matmul_simple" || O.Case == "matmul_tiled")
    matmulCase(O, O.Case == "matmul_tiled");
  else if (O.Case == "empty")
    emptyCase(O);
  else if (O.Case == "host_access")
    hostAccessCase(O);
  else if (O.Case == "local_view")
    localViewCase(O);
  else if (O.Case == "array_copies")
    arrayCopiesCase(O);
  else {
    std::fprintf(stderr, "amp_kernels: unknown --case '%s'\n", O.Case.c_str());
    return 2;
  }
}
