// An array made without data reads as zeros in a kernel, as it does on the host (the device buffer was left as
// the allocator gave it: a kernel adding to it read what an earlier array left there). Earlier arrays fill the
// device memory with another value first, so that a buffer reusing it shows it.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int n = 1 << 16;
  for (int round = 0; round < 3; ++round) {
    {
      std::vector<float> sevens(n, 7.0f);
      array<float, 1> junk(n, sevens.begin());
      parallel_for_each(junk.extent, [&junk](index<1> i) restrict(amp) { junk[i] += 1.0f; });
      junk.get_accelerator_view().wait();
    }
    array<float, 1> a(n);
    parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] += 1.0f; });
    std::vector<float> r = a;
    int bad = 0;
    for (float v : r)
      bad += v != 1.0f;
    std::printf("round %d: %d elements not 1\n", round, bad);
  }
  // CHECK: round 0: 0 elements not 1
  // CHECK-NEXT: round 1: 0 elements not 1
  // CHECK-NEXT: round 2: 0 elements not 1
  return 0;
}
