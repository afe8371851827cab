// C++ AMP v1.2 §6.2, §6.3: every atomic operation on int and unsigned int in global memory, each thread's result
// (the old value) and the final value checked: exchange, compare-exchange, add, sub, max, min, and, or, xor, inc,
// dec, and exchange on float.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 64;
  // One counter per operation; every thread applies its operation once.
  std::vector<int> ctr = {0, 1000, -1, 1 << 30, 0x0f0f, 0, 0, 500};
  std::vector<unsigned> uctr = {0u, 0xffffffffu, 10u};
  std::vector<int> olds(N * 8, 0);
  std::vector<float> fx(1, 0.0f);
  std::vector<int> swapped(N, 0);
  array_view<int, 1> cv(8, ctr), ov(N * 8, olds), sw(N, swapped);
  array_view<unsigned, 1> uv(3, uctr);
  array_view<float, 1> fv(1, fx);
  parallel_for_each(extent<1>(N), [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    ov[i * 8 + 0] = atomic_fetch_add(&cv[0], i);
    ov[i * 8 + 1] = atomic_fetch_sub(&cv[1], i);
    ov[i * 8 + 2] = atomic_fetch_max(&cv[2], i * 3);
    ov[i * 8 + 3] = atomic_fetch_min(&cv[3], 100 - i);
    ov[i * 8 + 4] = atomic_fetch_xor(&cv[4], 1 << (i % 16));
    ov[i * 8 + 5] = atomic_fetch_or(&cv[5], 1 << (i % 31));
    ov[i * 8 + 6] = atomic_fetch_inc(&cv[6]);
    ov[i * 8 + 7] = atomic_fetch_dec(&cv[7]);
    atomic_fetch_and(&uv[1], ~(1u << (i % 32)));
    atomic_fetch_add(&uv[0], 2u);
    atomic_exchange(&fv[0], 1.5f);
  });
  // Compare-exchange in a second kernel: one thread per value; thread i replaces 10 only if it is first, the others
  // see the new value in their expected argument.
  std::vector<int> cas(1, 10), seen(N, 0);
  array_view<int, 1> casv(1, cas), seenv(N, seen);
  parallel_for_each(extent<1>(N), [=](index<1> idx) restrict(amp) {
    int e = 10;
    bool ok = atomic_compare_exchange(&casv[0], &e, 20 + idx[0]);
    seenv[idx] = ok ? 1 : 0;
    sw[idx] = ok ? -1 : e;
  });
  cv.synchronize();
  uv.synchronize();
  ov.synchronize();
  casv.synchronize();
  long sum_add_old = 0, sum_sub_old = 0;
  int incs = 0, decs = 0, winners = 0, losers_saw_winner = 0;
  std::vector<int> seen_inc(N, 0), seen_dec(N, 0);
  for (int i = 0; i < N; ++i) {
    sum_add_old += olds[i * 8 + 0] >= 0 && olds[i * 8 + 0] <= N * N / 2;
    sum_sub_old += olds[i * 8 + 1] <= 1000 && olds[i * 8 + 1] > 1000 - N * N / 2;
    int inc = olds[i * 8 + 6], dec = 500 - olds[i * 8 + 7];
    if (inc >= 0 && inc < N) seen_inc[inc]++;
    if (dec >= 0 && dec < N) seen_dec[dec]++;
    winners += seenv[i];
  }
  for (int i = 0; i < N; ++i) {
    incs += seen_inc[i] == 1;
    decs += seen_dec[i] == 1;
    if (!seenv[i]) losers_saw_winner += sw[i] == cas[0];
  }
  std::printf("add %d sub %d max %d min %d xor %#x or %#x inc %d dec %d\n", ctr[0], ctr[1], ctr[2], ctr[3], ctr[4],
              ctr[5], ctr[6], ctr[7]);
  // CHECK: add 2016 sub -1016 max 189 min 37 xor 0xf0f or 0x7fffffff inc 64 dec 436
  std::printf("old values in range %ld %ld, each inc/dec result once %d %d\n", sum_add_old, sum_sub_old, incs, decs);
  // CHECK-NEXT: old values in range 64 64, each inc/dec result once 64 64
  std::printf("unsigned add %u and %#x\n", uctr[0], uctr[1]);
  // CHECK-NEXT: unsigned add 128 and 0
  std::printf("cas winners %d, losers saw the winner's value %d, value in [20, 84) %d\n", winners, losers_saw_winner,
              cas[0] >= 20 && cas[0] < 20 + N);
  // CHECK-NEXT: cas winners 1, losers saw the winner's value 63, value in [20, 84) 1
  std::printf("float exchange %.1f\n", fv[0]);
  // CHECK-NEXT: float exchange 1.5
}
