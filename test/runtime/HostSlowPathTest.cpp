// Tests of the slow path of host element access (ampcc::rt::host_slow_path): with GCC on x86-64 it runs through a
// thunk that must leave every register but its result as it was, and bring back the exception storage::host threw.
#include "RuntimeState.h"
#include "backend/OpenCLBackend.h"
#include "TestKernels.h"

#include <amp.h>

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <cstddef>
#include <vector>

using namespace concurrency;

namespace {

// A fresh copy of a view starts with an empty cache, so its first element access takes the slow path.
float firstThroughACopy(const array_view<float, 1> &V, int I) {
  array_view<float, 1> Copy = V;
  return Copy[I];
}

// Makes the device copy of S (N ints over user memory) newer than the host's: a kernel adds 1 to each.
void addOneOnTheDevice(ampcc::rt::storage &S, int N) {
  using namespace ampcc::rt;
  shape Shape = ampcc_test::dense(N);
  kernel_arg Arg = ampcc_test::buffer(S, access::read_write, Shape);
  launch(ampcc_test::kernel("add_one", 1), default_launch_queue(), &N, &Arg, 1);
}

} // namespace

// Many floating-point values and counters live across the slow path in the loop below; the compiler may keep
// them in any register, vector registers included, since it does not see a call. Each must survive.
TEST(HostSlowPath, KeepsTheCallersRegisters) {
  std::vector<float> Data(64);
  for (std::size_t I = 0; I < Data.size(); ++I)
    Data[I] = static_cast<float>(I % 7) + 0.5f;
  array_view<float, 1> V(static_cast<int>(Data.size()), Data);
  double A = 0, B = 1, C = 2, D = 3, E = 4, F = 5, G = 6, H = 7, K = 8, L = 9, M = 10, N = 11;
  long double X = 1; // the x87 stack too
  double WantA = 0, WantB = 1, WantC = 2, WantD = 3, WantE = 4, WantF = 5, WantG = 6, WantH = 7, WantK = 8,
         WantL = 9, WantM = 10, WantN = 11;
  long double WantX = 1;
  for (int I = 0; I < 64; ++I) {
    double Got = firstThroughACopy(V, I), Want = Data[static_cast<std::size_t>(I)];
    A += Got, B *= 1.001 + Got * 1e-3, C -= Got, D += 2 * Got, E += Got * Got, F -= Got / 3, G += I, H *= 0.999;
    K += Got - I, L += 1 / (Got + 1), M -= Got * 0.5, N += Got * I;
    X = X * 1.0001L + Got;
    WantA += Want, WantB *= 1.001 + Want * 1e-3, WantC -= Want, WantD += 2 * Want, WantE += Want * Want;
    WantF -= Want / 3, WantG += I, WantH *= 0.999, WantK += Want - I, WantL += 1 / (Want + 1);
    WantM -= Want * 0.5, WantN += Want * I;
    WantX = WantX * 1.0001L + Want;
  }
  EXPECT_EQ(A, WantA);
  EXPECT_EQ(B, WantB);
  EXPECT_EQ(C, WantC);
  EXPECT_EQ(D, WantD);
  EXPECT_EQ(E, WantE);
  EXPECT_EQ(F, WantF);
  EXPECT_EQ(G, WantG);
  EXPECT_EQ(H, WantH);
  EXPECT_EQ(K, WantK);
  EXPECT_EQ(L, WantL);
  EXPECT_EQ(M, WantM);
  EXPECT_EQ(N, WantN);
  EXPECT_EQ(X, WantX);
}

namespace {
bool ClobberOnRead = false; // the interposed read clears every vector register first (x86-64)
bool FailReads = false;     // the interposed read fails, as a device that went away does
} // namespace

// Every clEnqueueReadBuffer of this binary comes here first: while ClobberOnRead is set it overwrites every vector
// register, as any code the slow path runs may, then goes on to the OpenCL library's.
extern "C" cl_int clEnqueueReadBuffer(cl_command_queue Q, cl_mem Buf, cl_bool Blocking, size_t Offset, size_t Size,
                                      void *Ptr, cl_uint NumEvents, const cl_event *Events, cl_event *Event) {
  using Fn = cl_int (*)(cl_command_queue, cl_mem, cl_bool, size_t, size_t, void *, cl_uint, const cl_event *,
                        cl_event *);
  static Fn Real = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "clEnqueueReadBuffer"));
  if (FailReads)
    return CL_INVALID_OPERATION;
#ifdef __x86_64__
  if (ClobberOnRead)
    asm volatile("xorps %%xmm0, %%xmm0\n\txorps %%xmm1, %%xmm1\n\txorps %%xmm2, %%xmm2\n\txorps %%xmm3, %%xmm3\n\t"
                 "xorps %%xmm4, %%xmm4\n\txorps %%xmm5, %%xmm5\n\txorps %%xmm6, %%xmm6\n\txorps %%xmm7, %%xmm7\n\t"
                 "xorps %%xmm8, %%xmm8\n\txorps %%xmm9, %%xmm9\n\txorps %%xmm10, %%xmm10\n\txorps %%xmm11, %%xmm11\n\t"
                 "xorps %%xmm12, %%xmm12\n\txorps %%xmm13, %%xmm13\n\txorps %%xmm14, %%xmm14\n\txorps %%xmm15, %%xmm15"
                 ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
                 "xmm12", "xmm13", "xmm14", "xmm15");
#endif
  return Real ? Real(Q, Buf, Blocking, Offset, Size, Ptr, NumEvents, Events, Event) : CL_INVALID_OPERATION;
}

#ifdef AMPCC_HOST_SLOW_THUNK
// The thunk itself, with values in twelve vector registers (an asm statement takes at most 30 operands) while the
// slow path downloads a kernel's result, through a clEnqueueReadBuffer that clears every vector register.
TEST(HostSlowPath, ThunkKeepsTheVectorRegisters) {
  using namespace ampcc::rt;
  std::vector<int> Data(16, 1);
  storage S(Data.data(), Data.size() * sizeof(int));
  addOneOnTheDevice(S, 16);
  host_cache Cache;
  ClobberOnRead = true;
  register double X0 asm("xmm0") = 0.5, X1 asm("xmm1") = 1.5, X2 asm("xmm2") = 2.5, X3 asm("xmm3") = 3.5;
  register double X4 asm("xmm4") = 4.5, X5 asm("xmm5") = 5.5, X6 asm("xmm6") = 6.5, X7 asm("xmm7") = 7.5;
  register double X8 asm("xmm8") = 8.5, X9 asm("xmm9") = 9.5, X10 asm("xmm10") = 10.5, X11 asm("xmm11") = 11.5;
  void *P;
  asm volatile(AMPCC_HOST_SLOW_THUNK_CALL // as host_slow_path calls it
               : "=a"(P), "+x"(X0), "+x"(X1), "+x"(X2), "+x"(X3), "+x"(X4), "+x"(X5), "+x"(X6), "+x"(X7),
                 "+x"(X8), "+x"(X9), "+x"(X10), "+x"(X11)
               : "D"(&S), "S"(static_cast<int>(access::read)), "d"(&Cache), "c"(std::size_t(0))
               : "memory", "cc");
  double Got[12] = {X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11};
  ClobberOnRead = false;
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(static_cast<int *>(P)[15], 2) << "the kernel's result was not downloaded";
  for (int I = 0; I < 12; ++I)
    EXPECT_EQ(Got[I], I + 0.5) << "xmm" << I;
}
#endif

// A download that fails inside the slow path (here the interposed read) reaches the caller as the exception the
// runtime raises, and the path works again afterwards.
TEST(HostSlowPath, BringsBackTheException) {
  using namespace ampcc::rt;
  std::vector<int> Data(4, 1);
  storage S(Data.data(), Data.size() * sizeof(int));
  addOneOnTheDevice(S, 4);
  host_cache Cache;
  FailReads = true;
  EXPECT_THROW(host_slow_path(S, access::read, Cache, 0), concurrency::runtime_exception);
  FailReads = false;
  EXPECT_EQ(static_cast<int *>(host_slow_path(S, access::read, Cache, sizeof(int)))[0], 2);
}
