// Atomic operations whose destination is the thread's own memory (a local variable or array, through a pointer or
// a reference to a pointer): no other thread sees it, so each is the plain read-modify-write with the atomic's
// result (OpenCL's atomics take only global and local memory).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int bump_max(int *&p, int v) restrict(amp) { return atomic_fetch_max(p, v); }

int main() {
  std::vector<int> out(8 * 6, 0);
  array_view<int, 2> ov(8, 6, out);
  parallel_for_each(extent<1>(8), [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    int x = 10;
    int old_add = atomic_fetch_add(&x, i);      // x = 10 + i
    int old_inc = atomic_fetch_inc(&x);         // x = 11 + i
    unsigned int u = 6;
    atomic_fetch_and(&u, 3u);                   // 2
    atomic_fetch_or(&u, 8u);                    // 10
    int arr[2] = {5, 1};
    int *p = &arr[0];
    int old_max = bump_max(p, i);               // arr[0] = max(5, i)
    int expected = 1;
    bool swapped = atomic_compare_exchange(&arr[1], &expected, 40 + i);
    int wrong = 0;
    bool not_swapped = atomic_compare_exchange(&arr[1], &wrong, 0); // wrong becomes arr[1]
    int old_xchg = atomic_exchange(&x, 3);
    float f = 1.5f;
    float old_f = atomic_exchange(&f, 2.5f);
    ov(i, 0) = old_add * 100 + old_inc;
    ov(i, 1) = static_cast<int>(u);
    ov(i, 2) = old_max * 100 + arr[0];
    ov(i, 3) = (swapped ? 1 : 0) * 1000 + (not_swapped ? 1 : 0) * 100 + wrong;
    ov(i, 4) = old_xchg * 10 + x + static_cast<int>((old_f + f) * 1000.0f); // + 4000
    ov(i, 5) = atomic_fetch_min(&arr[0], 6) * 10 + atomic_fetch_dec(&arr[0]);
  });
  ov.synchronize();
  for (int i : {0, 7}) {
    for (int k = 0; k < 6; ++k)
      std::printf("%d ", out[i * 6 + k]);
    std::printf("\n");
  }
  // CHECK: 1010 10 505 1040 4113 55
  // CHECK-NEXT: 1017 10 507 1047 4183 76
  return 0;
}
