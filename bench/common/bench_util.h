// Shared by the C++ AMP benchmark programs and the hand-written OpenCL harness: timing, medians,
// argument parsing, exact result checks and the one-object JSON that every case prints.
#ifndef AMPCC_BENCH_UTIL_H
#define AMPCC_BENCH_UTIL_H

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace bench {

inline double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

inline double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N == 0 ? 0.0 : N % 2 ? V[N / 2] : 0.5 * (V[N / 2 - 1] + V[N / 2]);
}

// Command-line options shared by every program: `--case NAME --n N --size S --reps R --min-time T`.
struct Options {
  std::string Case;
  long N = 1 << 24;    // vector length
  int Size = 512;      // square matrix side
  int Reps = 5;        // timed repetitions; the median is reported
  double MinTime = 0.2; // seconds one repetition should last at least (launches are batched to reach it)
};

inline Options parse(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I + 1 < Argc; I += 2) {
    std::string K = Argv[I], V = Argv[I + 1];
    if (K == "--case")
      O.Case = V;
    else if (K == "--n")
      O.N = std::atol(V.c_str());
    else if (K == "--size")
      O.Size = std::atoi(V.c_str());
    else if (K == "--reps")
      O.Reps = std::max(1, std::atoi(V.c_str()));
    else if (K == "--min-time")
      O.MinTime = std::atof(V.c_str());
    else {
      std::fprintf(stderr, "unknown option %s\n", K.c_str());
      std::exit(2);
    }
  }
  return O;
}

// Seconds per call of Launch, where Launch enqueues work and Wait waits for all of it: every
// repetition times a batch of launches followed by one wait (the same for ampcc and hand-written
// kernels, so their ratio is fair), batched so a repetition lasts at least MinTime. Median of Reps.
inline double timePerLaunch(const Options &O, const std::function<void()> &Launch, const std::function<void()> &Wait) {
  Launch(); // warm-up: program build, first-touch allocation
  Wait();
  double T0 = now();
  Launch();
  Wait();
  double One = std::max(now() - T0, 1e-7);
  long Batch = std::max(1L, std::min(100000L, static_cast<long>(O.MinTime / One)));
  std::vector<double> Per;
  for (int R = 0; R < O.Reps; ++R) {
    double S = now();
    for (long I = 0; I < Batch; ++I)
      Launch();
    Wait();
    Per.push_back((now() - S) / Batch);
  }
  return median(Per);
}

// A wrong result must stop the whole run: print what differs and exit non-zero.
[[noreturn]] inline void fail(const std::string &What) {
  std::fprintf(stderr, "WRONG RESULT: %s\n", What.c_str());
  std::exit(3);
}

inline void checkEqual(const char *What, const float *Got, const float *Want, size_t N) {
  for (size_t I = 0; I < N; ++I)
    if (Got[I] != Want[I])
      fail(std::string(What) + ": element " + std::to_string(I) + " is " + std::to_string(Got[I]) + ", expected " +
           std::to_string(Want[I]));
}

// Small integers stored as floats: every product and sum below 2^24 is exact, so a float matrix
// product must match the serial reference bit for bit whatever the summation order.
inline std::vector<float> smallInts(size_t N, unsigned Seed) {
  std::vector<float> V(N);
  unsigned X = Seed * 2654435761u + 1;
  for (auto &E : V) {
    X = X * 1664525u + 1013904223u;
    E = static_cast<float>(static_cast<int>((X >> 16) % 9) - 4);
  }
  return V;
}

// Checks C = A x B (row-major, n x n): every element when n <= 512, else 4096 sampled elements
// plus the corners (a full serial product of 4096^3 would take minutes).
inline void checkMatmul(const char *What, const std::vector<float> &A, const std::vector<float> &B,
                        const std::vector<float> &C, int N) {
  auto Ref = [&](int R, int Col) {
    float S = 0;
    for (int K = 0; K < N; ++K)
      S += A[size_t(R) * N + K] * B[size_t(K) * N + Col];
    return S;
  };
  auto One = [&](int R, int Col) {
    float Want = Ref(R, Col), Got = C[size_t(R) * N + Col];
    if (Got != Want)
      fail(std::string(What) + " n=" + std::to_string(N) + ": C(" + std::to_string(R) + "," + std::to_string(Col) +
           ") is " + std::to_string(Got) + ", expected " + std::to_string(Want));
  };
  if (N <= 512) {
    for (int R = 0; R < N; ++R)
      for (int Col = 0; Col < N; ++Col)
        One(R, Col);
    return;
  }
  unsigned X = 12345;
  for (int I = 0; I < 4096; ++I) {
    X = X * 1664525u + 1013904223u;
    int R = (X >> 8) % N;
    X = X * 1664525u + 1013904223u;
    One(R, (X >> 8) % N);
  }
  One(0, 0), One(0, N - 1), One(N - 1, 0), One(N - 1, N - 1);
}

// The one JSON object a case prints on stdout: flat keys, numbers or strings.
class Json {
public:
  Json &num(const std::string &K, double V) {
    char B[64];
    std::snprintf(B, sizeof B, "%.9g", V);
    return raw(K, B);
  }
  Json &str(const std::string &K, const std::string &V) {
    std::string E = "\"";
    for (char C : V)
      if (C == '"' || C == '\\')
        E += std::string("\\") + C;
      else if (static_cast<unsigned char>(C) >= 0x20)
        E += C;
    return raw(K, E + "\"");
  }
  void print() const { std::printf("{%s}\n", Body.c_str()); }

private:
  Json &raw(const std::string &K, const std::string &V) {
    Body += (Body.empty() ? "\"" : ", \"") + K + "\": " + V;
    return *this;
  }
  std::string Body;
};

} // namespace bench

#endif
